import url from "node:url";
import { describe, expect, it } from "vitest";
import { decodePunycode } from "~/lib/punycode";

describe("punycode decoding (RFC 3492)", () => {
  it("decodes RFC 3492's samples and real domains as node's own IDNA does", () => {
    // RFC 3492 7.1 (A) Arabic (Egyptian) and (B) Chinese (simplified).
    expect(decodePunycode("egbpdaj6bu4bxfgehfvwxn")).toBe("ليهمابتكلموشعربي؟");
    expect(decodePunycode("ihqwcrb4cv8a8dqg056pqjye")).toBe("他们为什么不说中文");
    for (const label of ["gmil-63d", "e1afmkfd", "p1ai", "caf-dma", "bcher-kva", "wgv71a119e"]) {
      expect(decodePunycode(label), label).toBe(url.domainToUnicode(`xn--${label}.com`).split(".")[0]);
    }
    expect(decodePunycode("gmil-63d")).toBe("gmаil");
    expect(decodePunycode("abc-")).toBe("abc");
  });

  it("answers null to what is not punycode", () => {
    for (const bad of ["zz-!!", "ü", "9999999999", "a-", "-"]) {
      const out = decodePunycode(bad);
      if (out !== null) expect(url.domainToUnicode(`xn--${bad}.com`), bad).not.toBe("");
    }
    expect(decodePunycode("zz-!!")).toBeNull();
    expect(decodePunycode("ü")).toBeNull();
  });
});
