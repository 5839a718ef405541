/**
 * Comedians' headshots (issue 42, item 6): the pure rules. A headshot is any image the pipeline
 * took (app/lib/image-variants.ts, the same as posters), shown as square crops around its focal
 * point, /img/<hash>-<fx>-<fy>-s<width>.<ext>. Without one, pages show the comic's initials.
 */
import {
  DISPLAY_FORMATS,
  parseFocus,
  type DisplayFormat,
  type Focus,
  type VariantName,
} from "./image-variants";

/**
 * A headshot's default focal point: the upper middle, where a face is in a portrait or a
 * head-and-shoulders photo (a poster's default is the centre).
 */
export const HEADSHOT_FOCUS: Focus = { x: 50, y: 30 };

/**
 * Square widths: 96 and 192 for the line-up's 56 px circle (1x-3x), 320 and 512 for the
 * comedian page's photo (144 CSS px on a phone at 2-3x, 256 on a desktop at 2x).
 */
export const HEADSHOT_WIDTHS = [96, 192, 320, 512] as const;

/** What a page needs to show a headshot (plain JSON). */
export type HeadshotRef = {
  hash: string;
  focus: Focus;
  /** The side of the largest square the stored master holds (no upscaling). */
  side: number;
  /** A tiny blurred preview as a data: URL, shown while the image loads. */
  placeholder: string;
};

/** The stored focal point, or the face's usual place. */
export function headshotFocus(stored: string | null | undefined): Focus {
  return parseFocus(stored) ?? HEADSHOT_FOCUS;
}

/** The square's side for a master of this size: its shorter side. */
export function headshotSide(size: { width: number; height: number }) {
  return Math.min(size.width, size.height);
}

/** The widths offered for a square of this side (never upscaled; a tiny image offers its own). */
export function headshotWidths(side: number): number[] {
  const widths = HEADSHOT_WIDTHS.filter((w) => w <= side);
  return widths.length ? widths : [Math.max(1, Math.floor(side))];
}

export function headshotUrl(ref: Pick<HeadshotRef, "hash" | "focus">, width: number, format: DisplayFormat) {
  return `/img/${ref.hash}-${ref.focus.x}-${ref.focus.y}-s${width}.${format}`;
}

export function headshotSrcSet(ref: HeadshotRef, format: DisplayFormat) {
  return headshotWidths(ref.side)
    .map((w) => `${headshotUrl(ref, w, format)} ${w}w`)
    .join(", ");
}

/** Every file of one headshot and focal point (rendered after a save, in the background). */
export function headshotVariants(ref: Pick<HeadshotRef, "hash" | "focus" | "side">): VariantName[] {
  return headshotWidths(ref.side).flatMap((width) =>
    DISPLAY_FORMATS.map((format) => ({
      hash: ref.hash,
      focus: ref.focus,
      kind: { type: "square" as const, width, format },
    })),
  );
}

/** The placeholder's letters: the first letters of the first and last names ("Omar Haddad" → "OH"). */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s-]+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+/u, ""))
    .filter(Boolean);
  if (!words.length) return "?";
  const first = [...words[0]][0];
  const last = words.length > 1 ? [...words[words.length - 1]][0] : "";
  return (first + last).toUpperCase();
}

/** The largest square JPEG of a headshot (JSON-LD `image`, the page's share image). */
export function headshotImage(ref: HeadshotRef) {
  const widths = headshotWidths(ref.side);
  return headshotUrl(ref, widths[widths.length - 1], "jpg");
}
