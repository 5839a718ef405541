import QRCode from "qrcode";

/** An SVG QR code for `text`, drawn on the server (no script in the page needed to show it). */
export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: "svg",
    margin: 1,
    errorCorrectionLevel: "M",
    color: { dark: "#000000", light: "#ffffff" },
  });
}
