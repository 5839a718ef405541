import { describe, expect, it } from "vitest";
import { linksAppStyles, WHOLE_STYLESHEET } from "~/lib/page-styles";

describe("which pages the root links app.css on", () => {
  it("every page but those whose own stylesheet holds it", () => {
    expect(linksAppStyles([{ handle: undefined }, { handle: { runtime: false } }])).toBe(true);
    expect(linksAppStyles([{ handle: undefined }, { handle: WHOLE_STYLESHEET }])).toBe(false);
    // useRouteError() in the Layout without an error.
    expect(linksAppStyles([{ handle: WHOLE_STYLESHEET }], null)).toBe(false);
  });

  it("still links it when the root's error boundary is drawn (the page's own stylesheet is not)", () => {
    expect(linksAppStyles([{ handle: undefined }, { handle: WHOLE_STYLESHEET }], new Error("db"))).toBe(true);
  });
});
