/**
 * A QR code drawn on the server as SVG (app/utils/qr.server.ts), shown as an image with a
 * text alternative. The markup comes from the qrcode library, never from user input: its SVG holds
 * only <path> data for the modules (the encoded text is not in it), so there is nothing to sanitize.
 */
export function QrCode({ svg, label, className }: { svg: string; label: string; className?: string }) {
  return (
    <div
      className={className ? `qr-code ${className}` : "qr-code"}
      role="img"
      aria-label={label}
      dangerouslySetInnerHTML={{
        __html: svg /* qrcode library output: path data only, nothing to sanitize */,
      }}
    />
  );
}
