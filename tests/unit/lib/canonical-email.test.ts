import { describe, expect, it } from "vitest";
import { canonicalEmail } from "~/lib/canonical-email";
import { isValidEmail } from "~/lib/vote";

describe("canonical e-mail: variants of one mailbox are one voter", () => {
  it("folds gmail dots, +tags and googlemail into one key", () => {
    const key = canonicalEmail("ab@gmail.com");
    for (const variant of [
      "a.b@gmail.com",
      "ab+x@gmail.com",
      "ab@googlemail.com",
      "A.B+votes@GoogleMail.com",
      " ab@gmail.com ",
    ]) {
      expect(canonicalEmail(variant), variant).toBe(key);
    }
  });

  it("drops a trailing dot, zero-width, control and NUL characters, and applies NFKC", () => {
    expect(canonicalEmail("fan@example.com.")).toBe("fan@example.com");
    expect(canonicalEmail("fan@example.com..")).toBe("fan@example.com");
    expect(canonicalEmail("f\u200Ban@example.com")).toBe("fan@example.com");
    expect(canonicalEmail("fan\u0000@example.com")).toBe("fan@example.com");
    expect(canonicalEmail("\uFEFFfan@exa\u200Dmple.com\u0007")).toBe("fan@example.com");
    expect(canonicalEmail("ｆａｎ@ｅｘａｍｐｌｅ.com")).toBe("fan@example.com");
    expect(canonicalEmail("FAN@EXAMPLE.COM")).toBe("fan@example.com");
  });

  it("keeps other providers' dots and +tags (they can be different mailboxes)", () => {
    expect(canonicalEmail("a.b@example.com")).not.toBe(canonicalEmail("ab@example.com"));
    expect(canonicalEmail("a+b@example.com")).toBe("a+b@example.com");
  });

  it("drops spaces around the whole value and around the @; a value without an @ is kept whole", () => {
    expect(canonicalEmail("fan @ example.com")).toBe("fan@example.com");
    expect(canonicalEmail("  Not-An-Address  ")).toBe("not-an-address");
    expect(canonicalEmail("nobody")).toBe("nobody");
    // An empty local part is folded like any other: the domain still loses dots and googlemail.
    expect(canonicalEmail("@googlemail.com.")).toBe("@gmail.com");
  });

  it("refuses an address whose key is not an address", () => {
    expect(isValidEmail("+x@gmail.com")).toBe(false);
    expect(isValidEmail("\u200B@example.com")).toBe(false);
    expect(isValidEmail("a\u0000b@example.com")).toBe(true);
  });
});

describe("canonical e-mail, issue 39: quoted local parts and look-alike domains", () => {
  it("a quoted local part is the mailbox its unquoted form names", () => {
    expect(canonicalEmail('"fan"@example.com')).toBe("fan@example.com");
    expect(canonicalEmail('"john.doe"@Example.com')).toBe(canonicalEmail("john.doe@example.com"));
    expect(canonicalEmail('"john\\.doe"@example.com')).toBe("john.doe@example.com");
    // Gmail's own folding applies after the quotes go.
    expect(canonicalEmail('"a.b+votes"@googlemail.com')).toBe("ab@gmail.com");
    // One that needs its quotes keeps them, escaped only where it must be.
    expect(canonicalEmail('"a b"@example.com')).toBe('"a b"@example.com');
    expect(canonicalEmail('"a\\ b"@example.com')).toBe('"a b"@example.com');
    expect(canonicalEmail('"a@b"@example.com')).toBe('"a@b"@example.com');
    // A lone quote is not a quoted local part.
    expect(canonicalEmail('"@example.com')).toBe('"@example.com');
  });

  it("a domain label mixing scripts is refused; one script per label (or CJK with Latin) is fine", () => {
    for (const lookalike of [
      "fan@gmаil.com",
      "fan@exаmple.com",
      "fan@раураl.com.evil",
      "fan@cafе.fr",
      // What a browser's e-mail field sends for gmаil.com: the same look-alike in punycode.
      "fan@xn--gmil-63d.com",
      // Punycode that does not decode.
      "fan@xn--zz-!!.com",
    ])
      expect(isValidEmail(lookalike), lookalike).toBe(false);
    for (const fine of [
      "fan@gmail.com",
      "fan@пример.рф",
      "fan@пример.com",
      "fan@café.fr",
      "fan@日本語kanji.jp",
      // пример.рф in punycode: one script per label.
      "fan@xn--e1afmkfd.xn--p1ai",
    ])
      expect(isValidEmail(fine), fine).toBe(true);
  });
});
