import { headshotImage, headshotSrcSet, initials, type HeadshotRef } from "~/lib/headshots";

/**
 * A comedian's headshot (issue 42): square AVIF/WebP/JPEG crops around the focal point, the
 * size fixed by width/height so nothing shifts while it loads, its blurred placeholder behind
 * it. A comic without one gets their initials in a circle, never a broken image.
 */
export function Headshot({
  name,
  image,
  size,
  sizes,
  alt,
  className,
}: {
  name: string;
  image: HeadshotRef | null;
  /** The CSS pixels it is drawn at (its width and height attributes). */
  size: number;
  /** The `sizes` attribute when the drawn size changes with the screen. */
  sizes?: string;
  /** "" where the name is written beside it; the name by default. */
  alt?: string;
  className: string;
}) {
  if (!image)
    return (
      <span
        className={`${className} headshot headshot--initials`}
        style={{ fontSize: `${Math.round(size * 0.36)}px` }}
        aria-hidden="true"
        data-testid="headshot-initials"
        // Drawn by CSS (::before), so the letters never join the text beside them (a line-up
        // entry reads "Omar Haddad · Host", not "OHOmar Haddad").
        data-initials={initials(name)}
      />
    );
  const sizesAttr = sizes ?? `${size}px`;
  return (
    <picture>
      <source type="image/avif" srcSet={headshotSrcSet(image, "avif")} sizes={sizesAttr} />
      <source type="image/webp" srcSet={headshotSrcSet(image, "webp")} sizes={sizesAttr} />
      <img
        src={headshotImage(image)}
        srcSet={headshotSrcSet(image, "jpg")}
        sizes={sizesAttr}
        alt={alt ?? name}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        fetchPriority="low"
        className={`${className} headshot`}
        style={{ backgroundImage: `url(${image.placeholder})` }}
      />
    </picture>
  );
}
