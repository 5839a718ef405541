/**
 * Recognises an image by its first bytes (never by its name or declared type).
 * Answers the format, or null for anything that is not one of the accepted kinds.
 */
export type SniffedFormat = "jpeg" | "png" | "webp" | "avif" | "heic";

export const ACCEPTED_IMAGE_LABEL = "JPEG, PNG, WebP, AVIF or HEIC";

export function sniffImage(bytes: Uint8Array): SniffedFormat | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes[0] === 0x89 && ascii(bytes, 1, 4) === "PNG" && bytes[4] === 0x0d && bytes[5] === 0x0a)
    return "png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  // ISO base media (HEIF family): box size, "ftyp", then the major brand and compatible brands.
  if (ascii(bytes, 4, 8) === "ftyp") {
    const size = Math.min(
      ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0,
      bytes.length,
      64,
    );
    const brands: string[] = [ascii(bytes, 8, 12)];
    for (let i = 16; i + 4 <= size; i += 4) brands.push(ascii(bytes, i, i + 4));
    if (brands.some((b) => b === "avif" || b === "avis")) return "avif";
    if (brands.some((b) => ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].includes(b)))
      return "heic";
  }
  return null;
}

function ascii(bytes: Uint8Array, from: number, to: number) {
  let out = "";
  for (let i = from; i < to && i < bytes.length; i++) out += String.fromCharCode(bytes[i]);
  return out;
}
