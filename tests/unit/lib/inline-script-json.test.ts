import { describe, expect, it } from "vitest";
import { inlineScriptJson } from "~/lib/inline-script-json";

/**
 * The after-paint starter script (app/components/scripts.tsx) is the only inline script the
 * app writes itself: our own function's source and the build's script addresses as JSON. The
 * JSON must never be able to end the script element, whatever a value holds.
 */
describe("JSON written into an inline script", () => {
  it("holds no '<' at all, so no value can close the element or open a comment", () => {
    const hostile = ["/build/a.js", "</script><script>alert(1)</script>", "<!--", "</SCRIPT >"];
    const text = inlineScriptJson(hostile);
    expect(text).not.toContain("<");
    expect(text).not.toMatch(/<\/script/i);
    // Still the same values once the browser parses it.
    expect(JSON.parse(text)).toEqual(hostile);
  });

  it("leaves plain build addresses as they are", () => {
    expect(inlineScriptJson(["/build/entry.client-ABC.js"])).toBe('["/build/entry.client-ABC.js"]');
  });
});
