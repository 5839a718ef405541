import { useEffect, useRef, useState } from "react";
import { SITE } from "~/lib/site";

/**
 * A show image with explicit size, lazy unless `eager` (above the fold), and the stock image
 * when the show has none (server-side) or when it fails to load (with JavaScript).
 */
export function ShowImage({
  src,
  alt,
  width = 800,
  height = 450,
  eager = false,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  width?: number;
  height?: number;
  eager?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An image that failed before hydration never calls onError: probe it again.
    const img = ref.current;
    if (!src || !img || !img.complete || img.naturalWidth > 0) return;
    const probe = new Image();
    probe.onerror = () => setFailed(true);
    probe.src = src;
  }, [src]);
  return (
    <img
      ref={ref}
      src={!src || failed ? SITE.fallbackImage : src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      // Above-the-fold images are fetched first (React 18 passes the lower-case attribute through).
      {...(eager ? { fetchpriority: "high" } : {})}
      decoding="async"
      className={className}
      onError={() => setFailed(true)}
    />
  );
}
