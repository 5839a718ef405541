/**
 * Text contrast, run in the page: every visible element with its own text, on a solid
 * background (no image or gradient behind it up the tree), must reach WCAG AA (4.5:1, or 3:1
 * for large text). Kept free of imports: Playwright serialises the function into the browser.
 */
export function contrastProblems(): string[] {
  const problems: string[] = [];
  const parse = (c: string) => {
    const m = /rgba?\(([\d.]+),?\s*([\d.]+),?\s*([\d.]+)(?:[,/]\s*([\d.]+%?))?\)/.exec(c);
    if (!m) return null;
    const a = m[4] === undefined ? 1 : m[4].endsWith("%") ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
    return { r: +m[1], g: +m[2], b: +m[3], a };
  };
  const lum = ({ r, g, b }: { r: number; g: number; b: number }) => {
    const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  /** The solid colour behind an element, or null when an image or gradient is behind it. */
  const background = (el: Element | null) => {
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.backgroundImage !== "none") return null;
      const c = parse(cs.backgroundColor);
      if (c && c.a >= 0.95) return c;
      if (c && c.a > 0.05) return null;
    }
    return { r: 255, g: 255, b: 255, a: 1 };
  };
  const seen = new Set<string>();
  for (const el of Array.from(document.body.querySelectorAll("*"))) {
    if (
      el.closest(
        ".visually-hidden, .skip-link, noscript, script, style, svg, [aria-hidden='true'], .sold-out-overlay",
      )
    )
      continue;
    const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && (n.textContent ?? "").trim());
    if (!own) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility !== "visible" || Number(cs.opacity) < 0.95 || cs.filter !== "none") continue;
    if (el.closest("[style*='opacity'], .cal-tile--archived, .cal-agenda__show--archived, :disabled"))
      continue;
    const fg = parse(cs.color);
    const bg = background(el);
    if (!fg || !bg || fg.a < 0.95) continue;
    const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    const ratio = (hi + 0.05) / (lo + 0.05);
    const size = parseFloat(cs.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) {
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      const key = `${el.tagName}.${el.className}:${text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(
        `contrast ${ratio.toFixed(2)}:1 (${cs.color} on rgb(${bg.r}, ${bg.g}, ${bg.b})): <${el.tagName.toLowerCase()}${typeof el.className === "string" && el.className ? `.${el.className.split(" ")[0]}` : ""}> "${text}"`,
      );
    }
  }
  return problems;
}
