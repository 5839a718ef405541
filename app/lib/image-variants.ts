/**
 * The pure rules of the show-image pipeline: focal points, crop boxes, the widths and formats
 * served, and the names of the variant files (/img/<hash>-<fx>-<fy>-<kind>.<ext>).
 * Shared by the server (which renders the variants) and the pages (which list them in srcset).
 */

/** A focal point in whole percent of the image's width and height (0–100), e.g. a face. */
export type Focus = { x: number; y: number };
export const DEFAULT_FOCUS: Focus = { x: 50, y: 50 };

/**
 * The widths of the 16:9 display crops. A phone's card or hero is the screen less 2rem: 328–398
 * CSS px. 320/640 cover thumbnails and 1x desktop cards; 720 a 2x phone or a 1.75x one (656–720
 * px; without it they took 960, a third more bytes, on the image a phone waits for first); 960 a
 * 2.625x phone or a tablet hero; 1280 a 3x phone and the desktop hero.
 */
export const DISPLAY_WIDTHS = [320, 640, 720, 960, 1280] as const;
/** Modern formats first: AVIF is ~half of JPEG at the same look, WebP ~70 %; JPEG for the rest. */
export const DISPLAY_FORMATS = ["avif", "webp", "jpg"] as const;
export type DisplayFormat = (typeof DISPLAY_FORMATS)[number];

/** The ratios search engines ask for in JSON-LD `image`, rendered at least this wide. */
export const LD_RATIOS = { "16x9": [16, 9], "4x3": [4, 3], "1x1": [1, 1] } as const;
export type LdRatio = keyof typeof LD_RATIOS;
export const LD_MIN_WIDTH = 1200;
/** Open Graph / Twitter card. */
export const OG_SIZE = { width: 1200, height: 630 } as const;

/**
 * How an image fills the site's 16:9 boxes (issue 42). "crop": a 16:9 crop around the focal
 * point. "whole": the whole image, as tall as the box, on a blurred, dimmed backdrop of itself
 * (rendered into the 16:9 file, so every page shows it with no change): a portrait poster's
 * title is never cut off. Whole when a 16:9 crop would keep less than WHOLE_BELOW of the image:
 * a 3:2 photo keeps 84 % and a 4:3 one 75 %, and are cropped; a square poster would keep 56 %
 * and a 2:3 one 38 %, and are shown whole.
 */
export type ImageFit = "crop" | "whole";
export const WHOLE_BELOW = 0.75;

export function imageFit(width: number, height: number): ImageFit {
  const box = cropBox(width, height, 16, 9, DEFAULT_FOCUS);
  return (box.width * box.height) / (width * height) < WHOLE_BELOW ? "whole" : "crop";
}

/**
 * The widest 16:9 display file an image allows without enlarging what is shown: the crop's width,
 * or for a whole image the box whose height is the image's own height.
 */
export function maxDisplayWidth(width: number, height: number, focus: Focus): number {
  return imageFit(width, height) === "whole"
    ? Math.floor((height * 16) / 9)
    : cropBox(width, height, 16, 9, focus).width;
}

/** What a page needs to show a processed image (plain JSON). */
export type ShowImageRef = {
  hash: string;
  focus: Focus;
  /** Width of the largest 16:9 display file the stored master allows (no upscaling). */
  maxWidth: number;
  /** "whole" for a poster shown whole on its own blurred backdrop; absent means "crop". */
  fit?: ImageFit;
  /** A tiny blurred preview as a data: URL, shown while the real image loads. */
  placeholder: string;
};

/** `whole: true`: the image whole on its blurred backdrop (a "p" in the file name), else a crop. */
export type VariantKind =
  | { type: "display"; width: number; format: DisplayFormat; whole?: true }
  | { type: "ld"; ratio: LdRatio; whole?: true }
  | { type: "og"; whole?: true }
  /** The whole image, 640 px wide, for picking the focal point in the staff form. */
  | { type: "preview" }
  /** A comedian's headshot: a square crop around the focal point (app/lib/headshots.ts). */
  | { type: "square"; width: number; format: DisplayFormat };

export type VariantName = { hash: string; focus: Focus; kind: VariantKind };

const HASH = /^[0-9a-f]{16}$/;

/** "50,30", "50 30" or "50%, 30%" → { x: 50, y: 30 }; null when not two numbers in 0–100. */
export function parseFocus(text: string | null | undefined): Focus | null {
  const m = /^\s*(\d{1,3}(?:\.\d+)?)\s*%?\s*[, ]\s*(\d{1,3}(?:\.\d+)?)\s*%?\s*$/.exec(text ?? "");
  if (!m) return null;
  const x = Math.round(Number(m[1]));
  const y = Math.round(Number(m[2]));
  if (x > 100 || y > 100) return null;
  return { x, y };
}

export function formatFocus(focus: Focus) {
  return `${focus.x},${focus.y}`;
}

/**
 * The largest box of ratio rw:rh inside a w×h image, centred on the focal point as far as the
 * image's edges allow.
 */
export function cropBox(w: number, h: number, rw: number, rh: number, focus: Focus) {
  let width = w;
  let height = Math.round((w * rh) / rw);
  if (height > h) {
    height = h;
    width = Math.round((h * rw) / rh);
  }
  const left = clamp(Math.round((focus.x / 100) * w - width / 2), 0, w - width);
  const top = clamp(Math.round((focus.y / 100) * h - height / 2), 0, h - height);
  return { left, top, width, height };
}

/** The display widths offered for an image whose 16:9 crop is maxWidth wide (never upscaled). */
export function displayWidths(maxWidth: number): number[] {
  const widths = DISPLAY_WIDTHS.filter((w) => w <= maxWidth);
  return widths.length ? widths : [Math.max(1, Math.floor(maxWidth))];
}

type RefName = Pick<ShowImageRef, "hash" | "focus" | "fit">;

function base(ref: RefName) {
  return `/img/${ref.hash}-${ref.focus.x}-${ref.focus.y}`;
}
const whole = (ref: { fit?: ImageFit }) => ref.fit === "whole";

export function displayUrl(ref: RefName, width: number, format: DisplayFormat) {
  return `${base(ref)}-${whole(ref) ? "p" : "w"}${width}.${format}`;
}

export function ldUrl(ref: RefName, ratio: LdRatio) {
  return `${base(ref)}-${ratio}${whole(ref) ? "p" : ""}.jpg`;
}

export function ogUrl(ref: RefName) {
  return `${base(ref)}-og${whole(ref) ? "p" : ""}.jpg`;
}

export function previewUrl(ref: Pick<ShowImageRef, "hash">) {
  return `/img/${ref.hash}-50-50-preview.jpg`;
}

export function srcSet(ref: ShowImageRef, format: DisplayFormat) {
  return displayWidths(ref.maxWidth)
    .map((w) => `${displayUrl(ref, w, format)} ${w}w`)
    .join(", ");
}

/** Parses a variant file name; null for anything the pipeline does not produce. */
export function parseVariantName(file: string): VariantName | null {
  const m =
    /^([0-9a-f]{16})-(\d{1,3})-(\d{1,3})-([wps]\d{1,4}|(?:16x9|4x3|1x1|og)p?|preview)\.(avif|webp|jpg)$/.exec(
      file,
    );
  if (!m || !HASH.test(m[1])) return null;
  const focus = { x: Number(m[2]), y: Number(m[3]) };
  if (focus.x > 100 || focus.y > 100 || String(focus.x) !== m[2] || String(focus.y) !== m[3]) return null;
  const [, hash, , , kind, ext] = m;
  if (/^[wps]\d/.test(kind)) {
    const width = Number(kind.slice(1));
    if (!width || String(width) !== kind.slice(1)) return null;
    if (kind.startsWith("s"))
      return { hash, focus, kind: { type: "square", width, format: ext as DisplayFormat } };
    const display = { type: "display" as const, width, format: ext as DisplayFormat };
    return { hash, focus, kind: kind.startsWith("p") ? { ...display, whole: true } : display };
  }
  if (ext !== "jpg") return null;
  if (kind === "preview") return { hash, focus: DEFAULT_FOCUS, kind: { type: "preview" } };
  const isWhole = kind.endsWith("p");
  const name = isWhole ? kind.slice(0, -1) : kind;
  const found: VariantKind = name === "og" ? { type: "og" } : { type: "ld", ratio: name as LdRatio };
  return { hash, focus, kind: isWhole ? { ...found, whole: true } : found };
}

/** Every variant a page can ask for, for one image and focal point (what is produced up front). */
export function allVariants(ref: Pick<ShowImageRef, "hash" | "focus" | "maxWidth" | "fit">): VariantName[] {
  const out: VariantName[] = [];
  const w = whole(ref) ? ({ whole: true } as const) : {};
  for (const width of displayWidths(ref.maxWidth)) {
    for (const format of DISPLAY_FORMATS)
      out.push({ hash: ref.hash, focus: ref.focus, kind: { type: "display", width, format, ...w } });
  }
  for (const ratio of Object.keys(LD_RATIOS) as LdRatio[])
    out.push({ hash: ref.hash, focus: ref.focus, kind: { type: "ld", ratio, ...w } });
  out.push({ hash: ref.hash, focus: ref.focus, kind: { type: "og", ...w } });
  return out;
}

export function variantFileName(v: VariantName) {
  const k = v.kind;
  const p = "whole" in k && k.whole ? "p" : "";
  const suffix =
    k.type === "display"
      ? `${p ? "p" : "w"}${k.width}.${k.format}`
      : k.type === "square"
        ? `s${k.width}.${k.format}`
        : k.type === "ld"
          ? `${k.ratio}${p}.jpg`
          : `${k.type}${p}.jpg`;
  return `${v.hash}-${v.focus.x}-${v.focus.y}-${suffix}`;
}

/** Is this variant name one the image's own fit produces (a whole name for a whole image)? */
export function fitsImage(v: VariantName, size: { width: number; height: number }): boolean {
  // Any image has a square crop (a headshot); a preview is the whole image.
  if (v.kind.type === "preview" || v.kind.type === "square") return true;
  return Boolean("whole" in v.kind && v.kind.whole) === (imageFit(size.width, size.height) === "whole");
}

function clamp(n: number, lo: number, hi: number) {
  return Math.min(Math.max(n, lo), hi);
}

/** The stock image as a JPEG (social sites and search engines do not take SVG). */
export const STOCK_SHARE_IMAGE = "/images/stock-show.jpg";

/** The Open Graph / Twitter image of a show: its 1200×630 crop, or the stock JPEG. */
export function shareImage(image: ShowImageRef | null | undefined) {
  return image ? ogUrl(image) : STOCK_SHARE_IMAGE;
}

/** The JSON-LD `image` list: 16:9, 4:3 and 1:1 crops (≥1200 px wide), or the stock JPEG. */
export function structuredDataImages(image: ShowImageRef | null | undefined) {
  return image ? (Object.keys(LD_RATIOS) as LdRatio[]).map((r) => ldUrl(image, r)) : [STOCK_SHARE_IMAGE];
}
