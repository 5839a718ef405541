import { describe, expect, it } from "vitest";
import { hasMarkup, plainText } from "~/lib/description";
import { DATE_TO_BE_ANNOUNCED, showTimeText, untilText, zoneAbbreviation } from "~/lib/show-time";

/**
 * A show's description as plain text (cards, meta tags: one line; calendar feeds and JSON-LD:
 * paragraphs kept), and how a show's time reads (app/lib/description.ts, show-time.ts).
 */

describe("hasMarkup", () => {
  it("sees tags, closing tags, self-closing tags and tags with attributes", () => {
    for (const html of [
      "<p>x</p>",
      "a</p>",
      "<br/>",
      "<br />",
      '<a href="/x">x</a>',
      "<H2>T</H2>",
      "<h2>x",
      '<img src="/poster.jpg" alt="Poster">',
    ]) {
      expect(hasMarkup(html)).toBe(true);
    }
  });
  it("leaves comparisons, e-mail brackets and lone angle brackets as text", () => {
    for (const text of ["2 < 3 and 5 > 4", "<>", "< p>", "<1st>", "a <- b", "Sam <sam@example.com>"]) {
      expect(hasMarkup(text)).toBe(false);
    }
  });
});

describe("plainText", () => {
  it("one line: text without markup has its runs of spaces and line breaks made single spaces", () => {
    expect(plainText("  Two\n\nlines   here  ")).toBe("Two lines here");
  });

  it("paragraphs: text without markup keeps its line breaks, trimmed at the ends", () => {
    expect(plainText("  Two\n\nlines  ", { lines: true })).toBe("Two\n\nlines");
  });

  it("drops scripts and styles with their content, and every tag", () => {
    expect(
      plainText('<style>p{color:red}</style><p>Hi</p><SCRIPT type="x">alert(1)</SCRIPT><em>there</em>'),
    ).toBe("Hi there");
    expect(plainText("<script>a</script>keep<script>b</script>")).toBe("keep");
    expect(plainText("<script>if (a) alert(1)</script>keep")).toBe("keep");
    // A dropped script leaves a space: the words on either side stay apart.
    expect(plainText("before<script>x()</script>after")).toBe("before after");
  });

  it("text without markup is kept as typed: angle brackets and entities are not read as markup", () => {
    expect(plainText("2 < 3 and 5 > 4")).toBe("2 < 3 and 5 > 4");
    expect(plainText("Tom &amp; Jerry", { lines: true })).toBe("Tom &amp; Jerry");
  });

  it("decodes the entities people write", () => {
    expect(plainText("<p>a&nbsp;b &amp; c &lt;d&gt; &quot;e&quot; &#39;f&apos;</p>")).toBe(
      "a b & c <d> \"e\" 'f'",
    );
  });

  it("paragraphs: block tags and <br> become line breaks, at most one blank line, spaces tidied", () => {
    const html =
      "<p>First  \t para</p>\n\n\n<p>Second</p><ul><li>one</li><li>two</li></ul>Line<br>break<BR/>again<h3>Head</h3><div>d</div>";
    expect(plainText(html, { lines: true })).toBe(
      "First para\n\nSecond\n\none\n\ntwo\n\nLine\nbreak\nagain\nHead\n\nd",
    );
    expect(
      plainText("<p>a</p><table><tr>row</tr></table><section>s</section><article>t</article>", {
        lines: true,
      }),
    ).toBe("a\n\nrow\n\ns\n\nt");
    // Block tags with attributes break lines too.
    expect(plainText('<p class="lead">First</p><p style="color:red">Second</p>', { lines: true })).toBe(
      "First\n\nSecond",
    );
  });

  it("paragraphs: spaces on either side of a line break are dropped", () => {
    expect(plainText("Line<br> indented", { lines: true })).toBe("Line\nindented");
    expect(plainText("Line <br>next", { lines: true })).toBe("Line\nnext");
  });

  it("one line: the same markup reads as one line with single spaces", () => {
    expect(plainText("<p>First</p>\n<p>Second</p><br>third")).toBe("First Second third");
  });

  it("inline tags do not break a line, and a tag whose name only starts like a block tag is inline", () => {
    expect(plainText("<p>a <strong>b</strong> <span>c</span></p>", { lines: true })).toBe("a b c");
    expect(plainText("<p>x</p><pre>y</pre>", { lines: true })).toBe("x\ny");
  });
});

describe("show times", () => {
  it("gives another zone's abbreviation for the show's own date, winter or summer", () => {
    expect(zoneAbbreviation("2031-07-18", "20:30", "America/Vancouver")).toBe("PDT");
    expect(zoneAbbreviation("2031-01-18", "20:30", "America/Vancouver")).toBe("PST");
    // Late in the evening of the last day of summer time the zone is still on summer time.
    expect(zoneAbbreviation("2031-11-01", "23:30", "America/Vancouver")).toBe("PDT");
    expect(zoneAbbreviation("2031-11-02", "23:30", "America/Vancouver")).toBe("PST");
    // The morning after the switch is winter time already.
    expect(zoneAbbreviation("2031-11-02", "10:00", "America/Vancouver")).toBe("PST");
    // Hours next to the switch itself: the label of the instant, not of a guess hours away.
    expect(zoneAbbreviation("2031-03-09", "03:30", "America/Vancouver")).toBe("PDT");
    expect(zoneAbbreviation("2031-03-09", "01:30", "America/Vancouver")).toBe("PST");
    expect(zoneAbbreviation("2031-11-02", "00:30", "America/New_York")).toBe("EDT");
    expect(zoneAbbreviation("2031-11-02", "03:00", "America/New_York")).toBe("EST");
  });

  it("reads the minutes too: a zone that moves its clocks by half an hour switches mid-hour", () => {
    // Lord Howe Island goes from +11 back to +10:30 at 02:00, so 01:30-01:59 comes round twice;
    // from 01:30 the time reads as the later one, before it as summer time.
    expect(zoneAbbreviation("2031-04-06", "01:29", "Australia/Lord_Howe")).toBe("GMT+11");
    expect(zoneAbbreviation("2031-04-06", "01:45", "Australia/Lord_Howe")).toBe("GMT+10:30");
  });

  it("falls back to the zone's own name when it has no abbreviation or is unknown", () => {
    expect(zoneAbbreviation("2031-07-18", "20:30", "Not/AZone")).toBe("Not/AZone");
    expect(zoneAbbreviation("2031-07-18", "", "America/Vancouver")).toBe("PDT");
  });

  it("reads the time alone for the business zone or without a time", () => {
    expect(showTimeText("2031-07-18", "20:30")).toBe("8:30 PM");
    expect(showTimeText("2031-07-18", "20:30", "")).toBe("8:30 PM");
    expect(showTimeText("2031-07-18", null, "America/Vancouver")).toBe("");
    expect(showTimeText("2031-07-18", "", "America/Vancouver")).toBe("");
  });

  it("a show ending on a later day says until when, with the end time only if there is one", () => {
    expect(untilText({ endDate: "2031-07-12" })).toBe("Until Saturday, July 12, 2031");
    expect(untilText({ endDate: "2031-07-12", endTime: "23:00", timeZone: "America/Vancouver" })).toBe(
      "Until Saturday, July 12, 2031 · 11:00 PM PDT",
    );
    expect(untilText({})).toBeNull();
    expect(DATE_TO_BE_ANNOUNCED).toBe("Date to be announced");
  });
});

describe("description", () => {
  it("detects markup and flattens it for cards", () => {
    expect(hasMarkup("<p>Hi <strong>there</strong></p>")).toBe(true);
    expect(hasMarkup("2 < 3 and 5 > 4")).toBe(false);
    expect(plainText("<p>Wine &amp; <b>jokes</b></p><script>x()</script>")).toBe("Wine & jokes");
  });
});
