/**
 * A QR code drawn on the server as SVG (app/utils/qr.server.ts), shown as an image with a
 * text alternative. `svg` is qrSvg's output, already sanitized on the server to <svg> and <path>
 * shapes (app/lib/sanitize.ts, sanitizeQrSvg).
 */
export function QrCode({ svg, label, className }: { svg: string; label: string; className?: string }) {
  return (
    <div
      className={className ? `qr-code ${className}` : "qr-code"}
      role="img"
      aria-label={label}
      dangerouslySetInnerHTML={{
        __html: svg /* sanitized on the server by qrSvg (sanitizeQrSvg) */,
      }}
    />
  );
}
