import { describe, expect, it } from "vitest";
import { renderDescription, sanitizeQrSvg } from "~/lib/sanitize";

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

describe("the description allow-list, tag by tag", () => {
  const html = (input: string) => (renderDescription(input) as { html: string }).html;

  it("keeps every formatting tag a description may use", () => {
    for (const tag of [
      "p",
      "strong",
      "b",
      "em",
      "i",
      "u",
      "ul",
      "ol",
      "li",
      "h2",
      "h3",
      "h4",
      "blockquote",
      "span",
    ]) {
      expect(html(`<${tag}>x</${tag}>`), tag).toBe(`<${tag}>x</${tag}>`);
    }
    expect(html("a<br>b")).toBe("a<br />b");
  });

  it("turns a top heading into a section heading, and drops tags and attributes not on the list", () => {
    expect(html("<h1>Title</h1>")).toBe("<h2>Title</h2>");
    expect(html('<div class="x">x</div><h5>y</h5><p style="color:red" id="p">z</p>')).toBe("xy<p>z</p>");
    expect(html('<span title="t" class="c">s</span>')).toBe("<span>s</span>");
  });

  it("links keep their title, open in a new tab without passing on the page, and take web, mail and phone schemes", () => {
    expect(html('<a href="mailto:a@b.ca" title="Write">m</a>')).toBe(
      '<a href="mailto:a@b.ca" title="Write" rel="noopener noreferrer nofollow" target="_blank">m</a>',
    );
    expect(html('<a href="tel:+15195550100" rel="opener" target="_self">t</a>')).toBe(
      '<a href="tel:+15195550100" rel="noopener noreferrer nofollow" target="_blank">t</a>',
    );
    expect(html('<a href="http://ok.example">h</a>')).toContain('href="http://ok.example"');
    expect(html('<a href="ftp://files.example">f</a>')).toBe(
      '<a rel="noopener noreferrer nofollow" target="_blank">f</a>',
    );
    expect(html('<a href="data:text/html,x">d</a>')).not.toContain("data:");
  });

  it("drops a script's or style's text along with the tag", () => {
    expect(html("<p>a</p><script>alert(1)</script><style>p{}</style>")).toBe("<p>a</p>");
  });
});

describe("the QR code's allow-list", () => {
  it("keeps the svg's size and view box (case kept) and the path's drawing, nothing else", () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9" viewBox="0 0 9 9" shape-rendering="crispEdges" class="x"><path fill="#fff" stroke="#000" d="M0 0h9v9H0z" id="p"/><rect width="1" height="1"/></svg>';
    expect(sanitizeQrSvg(svg)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9" viewBox="0 0 9 9" shape-rendering="crispEdges"><path fill="#fff" stroke="#000" d="M0 0h9v9H0z"></path></svg>',
    );
  });
});
