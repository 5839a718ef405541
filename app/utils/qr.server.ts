import QRCode from "qrcode";
import { sanitizeQrSvg } from "~/lib/sanitize";

/**
 * An SVG QR code for `text`, drawn on the server (no script in the page needed to show it) and
 * sanitized here, before any page renders it as markup.
 */
export async function qrSvg(text: string): Promise<string> {
  const svg = await QRCode.toString(text, {
    type: "svg",
    margin: 1,
    errorCorrectionLevel: "M",
    color: { dark: "#000000", light: "#ffffff" },
  });
  return sanitizeQrSvg(svg);
}
