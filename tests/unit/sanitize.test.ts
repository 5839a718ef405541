import { describe, expect, it } from "vitest";
import { renderDescription } from "~/lib/sanitize";

describe("renderDescription", () => {
  it("keeps allowed markup and drops scripts and handlers", () => {
    const out = renderDescription(
      '<p onclick="x()"><strong>Hi</strong></p><script>alert(1)</script><a href="javascript:alert(1)">bad</a><a href="https://ok.example">ok</a><img src=x onerror=alert(1)>',
    );
    expect("html" in out).toBe(true);
    const html = (out as { html: string }).html;
    expect(html).toContain("<p><strong>Hi</strong></p>");
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|<img/);
    expect(html).toContain(
      '<a href="https://ok.example" rel="noopener noreferrer nofollow" target="_blank">ok</a>',
    );
  });
  it("returns plain text untouched when there is no markup", () => {
    expect(renderDescription("Line one\nLine 2 < 3")).toEqual({ text: "Line one\nLine 2 < 3" });
  });
});
