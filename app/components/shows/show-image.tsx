import { displayUrl, displayWidths, srcSet, type ShowImageRef } from "~/lib/image-variants";
import { SITE } from "~/lib/site";

/**
 * Card-sized by default: one column on a phone, up to three on a desktop. A card is as wide as
 * the page's container (the screen less 2rem) on a phone, half of it on a tablet: said exactly,
 * so that a phone picks the smallest file that fills it (a 412 px phone at 1.75x, 720 px, not 960).
 */
export const CARD_SIZES =
  "(min-width: 64rem) 380px, (min-width: 40rem) calc(50vw - 2rem), calc(100vw - 2rem)";
/**
 * The home grid's cards (issue 42, item 4): on a phone a row with a 7.5rem poster beside the title
 * (`.card-grid--rows`, public.css), so a phone fetches the 320 px file; from 40rem as CARD_SIZES.
 */
export const ROW_CARD_SIZES = "(min-width: 64rem) 380px, (min-width: 40rem) calc(50vw - 2rem), 7.5rem";
/** The hero of the event and show pages (in the same container on a phone). */
export const HERO_SIZES = "(min-width: 75rem) 1200px, calc(100vw - 2rem)";

/**
 * A show image with explicit size, lazy unless `eager` (above the fold), and the stock image
 * when the show has none (server-side) or when it fails to load (with JavaScript: `data-fallback`,
 * app/components/enhance.ts).
 *
 * A processed image (`image`) is a <picture> of 16:9 crops around the focal point in AVIF, WebP
 * and JPEG at several widths, with a tiny blurred placeholder painted behind it while it loads.
 * A portrait poster's files hold it whole on a blurred backdrop (`data-fit="whole"`): the boxes
 * that are not 16:9 (a phone's card, the wide carousel) show those files whole too (public.css).
 */
export function ShowImage({
  src,
  image,
  alt,
  width = 800,
  height = 450,
  eager = false,
  sizes = CARD_SIZES,
  className,
}: {
  src: string | null | undefined;
  image?: ShowImageRef | null;
  alt: string;
  width?: number;
  height?: number;
  eager?: boolean;
  sizes?: string;
  className?: string;
}) {
  // A processed image replaces the raw link; unprocessed links from elsewhere are never hot-linked.
  const plainSrc = image ? null : src && src.startsWith("/") ? src : null;
  const common = {
    alt,
    width,
    height,
    loading: eager ? ("eager" as const) : ("lazy" as const),
    // The above-the-fold image is fetched first; the others, even those a phone's first screen
    // shows a corner of, wait behind it (Chrome would raise them to high once laid out in view).
    // React 18 passes the lower-case attribute through.
    fetchpriority: eager ? "high" : "low",
    decoding: "async" as const,
    className,
    "data-fallback": SITE.fallbackImage,
  };
  if (image) {
    const widths = displayWidths(image.maxWidth);
    const fallbackWidth = widths.find((w) => w >= 640) ?? widths[widths.length - 1];
    return (
      <picture>
        <source type="image/avif" srcSet={srcSet(image, "avif")} sizes={sizes} />
        <source type="image/webp" srcSet={srcSet(image, "webp")} sizes={sizes} />
        <img
          {...common}
          alt={alt}
          src={displayUrl(image, fallbackWidth, "jpg")}
          srcSet={srcSet(image, "jpg")}
          sizes={sizes}
          data-image={image.hash}
          data-fit={image.fit === "whole" ? "whole" : undefined}
          style={
            image.placeholder
              ? {
                  backgroundImage: `url(${image.placeholder})`,
                  backgroundSize: "cover",
                  backgroundPosition: `${image.focus.x}% ${image.focus.y}%`,
                }
              : undefined
          }
        />
      </picture>
    );
  }
  return <img {...common} alt={alt} src={plainSrc ?? SITE.fallbackImage} />;
}

/** The preload hint of a page's hero image (AVIF: browsers that cannot use it skip the hint). */
export function heroPreload(image: ShowImageRef | null | undefined, sizes = HERO_SIZES) {
  if (!image) return [];
  return [
    {
      tagName: "link",
      rel: "preload",
      as: "image",
      type: "image/avif",
      imageSrcSet: srcSet(image, "avif"),
      imageSizes: sizes,
      fetchpriority: "high",
    },
  ];
}

/** The event and show pages' hero image: eager, preloaded sizes, with the sold-out overlay. */
export function HeroImage({
  show,
  soldOut,
}: {
  show: { imageUrl: string | null; image?: ShowImageRef | null; title: string };
  soldOut: boolean;
}) {
  return (
    <div className="event-hero__media">
      <ShowImage
        src={show.imageUrl}
        image={show.image}
        alt={show.title}
        eager
        width={1280}
        height={720}
        sizes={HERO_SIZES}
      />
      {soldOut ? <span className="sold-out-overlay">SOLD OUT</span> : null}
    </div>
  );
}
