/**
 * The layout checks, run in the page in one `evaluate` (so one page load per page and width
 * costs one round trip). Returns a list of human-readable problems; empty means the page passes.
 * Kept free of imports: Playwright serialises the function into the browser.
 */
export type LayoutOptions = {
  /** Phone widths: primary actions must be at least 44 px high. */
  phone: boolean;
  /** The home page on a phone: the first screen shows an upcoming show's title, date and a link. */
  firstScreenShow: boolean;
  /**
   * The home page (issue 42, item 4): at most this tall (px; the 390 px phone: 4,500), and no show
   * in more than two of its cards, slides or lines.
   */
  home?: { maxHeight?: number };
  /** The projector view: one screen, no scrolling, type sized for the back of a room. */
  projector: boolean;
};

export function layoutProblems(opts: LayoutOptions): string[] {
  const problems: string[] = [];
  // Parts drawn only when they come near the screen (`content-visibility: auto`, issue 16) are
  // judged as a visitor sees them there: drawn in full. Until then they hold a placeholder height.
  for (const el of document.querySelectorAll<HTMLElement>("body *"))
    if (getComputedStyle(el).getPropertyValue("content-visibility") === "auto")
      el.style.setProperty("content-visibility", "visible");
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const px = (n: number) => Math.round(n * 10) / 10;

  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : "";
    const cls =
      typeof el.className === "string" && el.className.trim()
        ? `.${el.className.trim().split(/\s+/).slice(0, 2).join(".")}`
        : "";
    const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}${id}${cls}>${text ? ` "${text}"` : ""}`;
  };

  const HIDDEN_HELPERS = ".visually-hidden, .skip-link, .honeypot, noscript, script, style, template";
  const isVisible = (el: Element) => {
    if (el.closest(HIDDEN_HELPERS)) return false;
    // Closed <details> keep their content laid out but unpainted (content-visibility).
    if (
      typeof el.checkVisibility === "function" &&
      !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    )
      return false;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) return false;
    const cs = getComputedStyle(el);
    if (cs.visibility === "hidden" || cs.visibility === "collapse" || Number(cs.opacity) === 0) return false;
    return true;
  };

  /** The nearest ancestor (below <body>) that clips or scrolls horizontally. */
  const clipAncestor = (el: Element): Element | null => {
    for (
      let p = el.parentElement;
      p && p !== document.body && p !== document.documentElement;
      p = p.parentElement
    ) {
      const o = getComputedStyle(p).overflowX;
      if (o !== "visible") return p;
    }
    return null;
  };

  /** Fixed and sticky boxes are their own layer: they only collide with what is in them. */
  const layerOf = (el: Element): Element | null => {
    for (let p: Element | null = el; p && p !== document.body; p = p.parentElement) {
      const pos = getComputedStyle(p).position;
      if (pos === "fixed" || pos === "sticky") return p;
    }
    return null;
  };

  const all = Array.from(document.body.querySelectorAll("*")).filter(isVisible);

  // 1. Horizontal overflow: the document, then any element past the viewport's edges.
  if (document.documentElement.scrollWidth > vw + 1) {
    problems.push(
      `document scrolls sideways: ${document.documentElement.scrollWidth}px wide in a ${vw}px viewport`,
    );
  }
  for (const el of all) {
    if (clipAncestor(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.right > vw + 1 || r.left < -1) {
      problems.push(`past the viewport (${px(r.left)}..${px(r.right)} of ${vw}px): ${describe(el)}`);
    }
  }

  // 2. Interactive elements: no two overlap, none covers text; tap targets.
  const INTERACTIVE =
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex='-1'])";
  const interactive = all.filter((el) => el.matches(INTERACTIVE));
  const boxesOverlap = (a: DOMRect, b: DOMRect) => {
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    return w > 2 && h > 2;
  };
  // Measured once per element (style and layout reads dominate the cost on long pages).
  // An inline link that wraps has one box per line: those are compared, not its bounding box.
  type Item = { el: Element; rect: DOMRect; boxes: DOMRect[]; layer: Element | null };
  const measure = (el: Element): Item => {
    const rect = el.getBoundingClientRect();
    const boxes = getComputedStyle(el).display === "inline" ? Array.from(el.getClientRects()) : [rect];
    return { el, rect, boxes, layer: layerOf(el) };
  };
  const collide = (a: Item, b: Item) =>
    boxesOverlap(a.rect, b.rect) && a.boxes.some((x) => b.boxes.some((y) => boxesOverlap(x, y)));
  const related = (a: Element, b: Element) => a.contains(b) || b.contains(a);
  const labelOf = (el: Element) =>
    (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null) ?? el.closest("label");
  const controls = interactive.map(measure).sort((a, b) => a.rect.top - b.rect.top);
  for (let i = 0; i < controls.length; i++) {
    const a = controls[i];
    // Sorted by top: only the next ones that start above this one's bottom can overlap it.
    for (let j = i + 1; j < controls.length && controls[j].rect.top < a.rect.bottom; j++) {
      const b = controls[j];
      if (!collide(a, b) || related(a.el, b.el) || a.layer !== b.layer) continue;
      if (labelOf(a.el) === b.el || labelOf(b.el) === a.el) continue;
      problems.push(`overlapping controls: ${describe(a.el)} and ${describe(b.el)}`);
    }
  }
  const hasOwnText = (el: Element) =>
    Array.from(el.childNodes).some(
      (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "",
    );
  const texts = all.filter((el) => hasOwnText(el) && !el.closest(INTERACTIVE)).map(measure);
  for (const a of controls) {
    for (const t of texts) {
      if (!collide(a, t) || related(a.el, t.el) || a.layer !== t.layer) continue;
      const label = labelOf(a.el);
      if (label && (label === t.el || label.contains(t.el))) continue;
      problems.push(`control covers text: ${describe(a.el)} over ${describe(t.el)}`);
    }
  }

  for (const el of interactive) {
    const cs = getComputedStyle(el);
    // Links inside a sentence are exempt (WCAG 2.5.8 "inline" exception).
    if (el.matches("a") && cs.display === "inline") {
      const parentText = (el.parentElement?.textContent ?? "").trim();
      if (parentText.length > (el.textContent ?? "").trim().length + 2) continue;
    }
    let r = el.getBoundingClientRect();
    if (el.matches("input[type=checkbox], input[type=radio]")) {
      // The label is part of the target only when it is a full row with the box.
      const label = labelOf(el);
      const box = label?.getBoundingClientRect();
      if (box && r.width < 24) {
        problems.push(
          `tap target under 24×24: ${describe(el)} is ${px(r.width)}×${px(r.height)} (label ${px(box.width)}×${px(box.height)})`,
        );
        continue;
      }
    }
    r = el.getBoundingClientRect();
    if (r.width < 23.5 || r.height < 23.5) {
      problems.push(`tap target under 24×24: ${describe(el)} is ${px(r.width)}×${px(r.height)}`);
    }
    if (
      opts.phone &&
      el.matches(".button--primary, .button--eventbrite, [data-primary-action]") &&
      r.height < 43.5
    ) {
      problems.push(`primary action under 44px high on a phone: ${describe(el)} is ${px(r.height)}px`);
    }
  }

  // 3. Text clipped in its box, or spilling out of it (headings, buttons, chips, cells).
  const TEXT_BOXES =
    "h1, h2, h3, h4, h5, h6, button, .button, .badge, label, th, td, summary, li, p, a, strong, span, time, legend, dt, dd";
  for (const el of all) {
    if (!(hasOwnText(el) || el.matches(TEXT_BOXES))) continue;
    if (!(el.textContent ?? "").trim()) continue;
    const cs = getComputedStyle(el);
    if (cs.display === "inline" || cs.display === "contents") continue;
    if (el.clientWidth === 0) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      problems.push(`text wider than its box (${el.scrollWidth} > ${el.clientWidth}px): ${describe(el)}`);
      continue;
    }
    const clampsLines =
      cs.getPropertyValue("-webkit-line-clamp") !== "none" && el.matches("p, .clamp-2, .clamp-3");
    if (
      (cs.overflowY === "hidden" || cs.overflowY === "clip") &&
      !clampsLines &&
      el.scrollHeight > el.clientHeight + 1
    ) {
      problems.push(
        `text cut off at the bottom (${el.scrollHeight} > ${el.clientHeight}px): ${describe(el)}`,
      );
    }
  }

  // 3a. A short word is never split across lines ("RA / NK" in a squeezed table header):
  // `overflow-wrap: anywhere` on <body> lets a squeezed box break words anywhere.
  for (const el of all) {
    const texts = Array.from(el.childNodes).filter(
      (n) => n.nodeType === 3 && /^\s*\S{2,14}\s*$/.test(n.textContent ?? ""),
    );
    for (const node of texts) {
      if (!isVisible(el)) break;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set(
        Array.from(range.getClientRects())
          .filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)),
      );
      if (tops.size > 1)
        problems.push(`word split across lines: ${describe(el)} "${(node.textContent ?? "").trim()}"`);
    }
  }

  // 3b. A select shows its chosen option whole (the recurring-date picker once cut off the
  // time): the option's text, measured in the select's font, fits inside the padding and the
  // arrow (about 24 px).
  const pen = document.createElement("canvas").getContext("2d");
  for (const el of Array.from(document.querySelectorAll("select"))) {
    if (!isVisible(el) || !pen) continue;
    const text = el.selectedOptions[0]?.text ?? "";
    const cs = getComputedStyle(el);
    pen.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 24;
    const width = pen.measureText(text).width;
    if (width > room + 1)
      problems.push(`select cuts off its choice (${px(width)} > ${px(room)}px): ${describe(el)} "${text}"`);
  }

  // 4. The home page on a phone: an upcoming show's title, date and link on the first screen.
  if (opts.firstScreenShow) {
    const onFirstScreen = (el: Element) => {
      const r = el.getBoundingClientRect();
      return isVisible(el) && r.top >= 0 && r.bottom <= vh;
    };
    const DATE =
      /\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\b|\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d/;
    const lists = Array.from(document.querySelectorAll("section")).filter((s) =>
      /upcoming|next shows|on stage/i.test(s.querySelector("h2")?.textContent ?? ""),
    );
    const found = lists.some((list) =>
      Array.from(list.querySelectorAll("article, li")).some((item) => {
        const title = item.querySelector("h2, h3");
        const date = Array.from(item.querySelectorAll("time, p, span")).find(
          (d) => DATE.test(d.textContent ?? "") && onFirstScreen(d),
        );
        const link = Array.from(item.querySelectorAll("a[href]")).find(
          (a) => /ticket|info|details|book|buy/i.test(a.textContent ?? "") && onFirstScreen(a),
        );
        return title && onFirstScreen(title) && date && link;
      }),
    );
    if (!found)
      problems.push(
        `the first ${vh}px of the page show no upcoming show with its title, date and a ticket or info link`,
      );
  }

  // 4b. The home page: short enough to scroll through on a phone, and each show at most twice.
  if (opts.home) {
    const height = document.documentElement.scrollHeight;
    if (opts.home.maxHeight && height > opts.home.maxHeight)
      problems.push(`the home page is ${height}px tall (at most ${opts.home.maxHeight}px)`);
    const places = new Map<string, Set<Element>>();
    for (const a of document.querySelectorAll<HTMLAnchorElement>("main a[href^='/event/']")) {
      const id = /^\/event\/(\d+)/.exec(a.getAttribute("href") ?? "")?.[1];
      const item = a.closest("article, li");
      if (!id || !item || !isVisible(a)) continue;
      places.set(id, (places.get(id) ?? new Set()).add(item));
    }
    for (const [id, items] of places)
      if (items.size > 2)
        problems.push(
          `show ${id} is on the home page ${items.size} times: ${[...items].map((i) => describe(i).slice(0, 40)).join(", ")}`,
        );
  }

  // 5. The projector: one screen without scrolling; type readable from the back of a room.
  if (opts.projector) {
    const doc = document.documentElement;
    if (doc.scrollHeight > vh + 1)
      problems.push(`projector scrolls: ${doc.scrollHeight}px tall in a ${vh}px screen`);
    const rows = Array.from(document.querySelectorAll(".results__row"));
    if (rows.length === 0) problems.push("projector shows no standings rows");
    for (const row of rows) {
      const r = row.getBoundingClientRect();
      if (r.bottom > vh + 1 || r.top < 0)
        problems.push(
          `standings row off the screen (${px(r.top)}..${px(r.bottom)} of ${vh}): ${describe(row)}`,
        );
    }
    // Readable from 10 m: characters about 1/200 of the distance (5 cm) on a screen about
    // 1.7 m high is ~3% of its height in cap height, ~3.5% as font size.
    const MIN_SHARE = 0.035;
    const sized = document.querySelectorAll(
      ".results__name, .results__votes, .results__pct, .results__leader, [data-vote-count]",
    );
    if (!document.querySelector("[data-vote-count]")) problems.push("projector shows no live vote count");
    for (const el of Array.from(sized)) {
      const size = parseFloat(getComputedStyle(el).fontSize);
      const share = size / vh;
      if (share < MIN_SHARE)
        problems.push(
          `projector type too small (${px(size)}px = ${px(share * 100)}% of ${vh}px): ${describe(el)}`,
        );
      const r = el.getBoundingClientRect();
      if (r.bottom > vh + 1) problems.push(`below the fold on the projector: ${describe(el)}`);
    }
    const slot = document.querySelector("[data-projector-slot='vote-at']");
    if (!slot) problems.push("projector has no 'vote at' area (address and QR code)");
    else if (slot.getBoundingClientRect().bottom > vh + 1)
      problems.push("the projector's 'vote at' area is below the fold");
  }

  return Array.from(new Set(problems));
}
