import { describe, expect, it } from "vitest";
import { sanitizeQrSvg } from "~/lib/sanitize";
import { qrSvg } from "~/utils/qr.server";

describe("the QR code's SVG is sanitized on the server", () => {
  it("keeps the code's shapes, so the projector still shows a scannable code", async () => {
    const svg = await qrSvg("https://laughwindsor.ca/vote?code=123456");
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).toMatch(/<path [^>]*d="M[^"]{50,}"/);
  });

  it("drops scripts, handlers, links and styles that markup could carry", () => {
    const hostile =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9" onload="alert(1)"><script>alert(2)</script>' +
      '<a href="javascript:alert(3)"><path d="M0 0h9" onclick="alert(4)"/></a><style>*{}</style>' +
      '<foreignObject><img src=x onerror="alert(5)"></foreignObject></svg>';
    const clean = sanitizeQrSvg(hostile);
    expect(clean).not.toMatch(/alert|script|onload|onclick|onerror|href|style|foreignObject|<img/i);
    expect(clean).toContain('viewBox="0 0 9 9"');
    expect(clean).toContain('<path d="M0 0h9">');
  });
});
