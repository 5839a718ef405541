/**
 * What a first visit of a page costs a phone, counted by a real browser (Debian's chromium through
 * Playwright): every request the page makes until it has hydrated and the network is quiet (no
 * cache, a fresh context per page, 390×844), by kind, and the JavaScript it fetched as this server
 * serves it with brotli and with gzip. The target (GUIDE.md): a show page on a first visit makes
 * at most 15 requests and fetches at most 75 KB of JavaScript (brotli), its poster included.
 * Used by `npm run bench` (its page-weight table), `npm run bench -- --weight` and
 * tests/e2e/page-weight.spec.ts.
 */
import http from "node:http";
import zlib from "node:zlib";
import { chromium, type Browser, type Page } from "@playwright/test";

export const WEIGHT_TARGET = { requests: 15, jsBrotliBytes: 75 * 1024 };
export const PHONE = { width: 390, height: 844 };

/** Bytes on the wire for one URL with the given Accept-Encoding (what a browser downloads). */
export function servedBytes(
  url: string,
  acceptEncoding: string,
): Promise<{ bytes: number; body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const encoding = String(res.headers["content-encoding"] ?? "identity");
          const body =
            encoding === "br"
              ? zlib.brotliDecompressSync(raw)
              : encoding === "gzip"
                ? zlib.gunzipSync(raw)
                : raw;
          resolve({ bytes: raw.length, body, encoding });
        });
      })
      .on("error", reject);
  });
}

export type PageWeight = {
  path: string;
  /** Every request of the first visit (the document included). */
  requests: number;
  byKind: Record<string, number>;
  htmlBrotli: number;
  htmlGzip: number;
  jsFiles: number;
  /** Script inside the HTML (not JSON-LD), compressed on its own: counted in jsBrotliBytes too. */
  inlineJsBrotli: number;
  jsBrotliBytes: number;
  jsGzipBytes: number;
  /** Images the first screen fetched, and their bytes as served. */
  images: number;
  imageBytes: number;
  /** The scripts, each with its brotli bytes, largest first (what to cut). */
  scripts: { url: string; brotli: number }[];
};

/** Waits until no request has started or finished for `quietMs` (at most `maxMs`). */
async function quiet(last: () => number, quietMs = 800, maxMs = 15_000) {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline && Date.now() - last() < quietMs) await new Promise((r) => setTimeout(r, 100));
}

/** The requests of one first visit of `url` by `page` (a fresh context), until hydrated and quiet. */
export async function countFirstVisit(page: Page, url: string) {
  const seen: { url: string; kind: string }[] = [];
  let lastActivity = Date.now();
  page.on("request", (r) => {
    seen.push({ url: r.url(), kind: r.resourceType() });
    lastActivity = Date.now();
  });
  page.on("requestfinished", () => (lastActivity = Date.now()));
  page.on("requestfailed", () => (lastActivity = Date.now()));
  await page.goto(url, { waitUntil: "load" });
  // A page with the Remix runtime starts it after the first paint: wait for the hydration.
  await page
    .waitForFunction(() => !document.getElementById("remix-modules") || "__remixRouter" in window, null, {
      timeout: 15_000,
    })
    .catch(() => undefined);
  await quiet(() => lastActivity);
  const byKind: Record<string, number> = {};
  for (const r of seen) byKind[r.kind] = (byKind[r.kind] ?? 0) + 1;
  const unique = (kind: string) => [...new Set(seen.filter((r) => r.kind === kind).map((r) => r.url))];
  return { requests: seen.length, byKind, scriptUrls: unique("script"), imageUrls: unique("image") };
}

/** The JavaScript a page's HTML carries inline (JSON-LD aside), brotli-compressed on its own. */
export function inlineScriptBrotli(html: string) {
  const inline = [
    ...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g),
  ]
    .map((m) => m[1])
    .join("\n");
  return inline.trim() ? zlib.brotliCompressSync(Buffer.from(inline)).length : 0;
}

/** One first visit per path, each in a fresh context (an empty cache), at phone size. */
export async function firstVisitWeights(
  origin: string,
  paths: string[],
  options: { executablePath: string; browser?: Browser },
): Promise<PageWeight[]> {
  const browser =
    options.browser ??
    (await chromium.launch({
      executablePath: options.executablePath,
      args: ["--no-sandbox", "--disable-gpu"],
    }));
  const out: PageWeight[] = [];
  try {
    for (const p of paths) {
      const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2 });
      const visit = await countFirstVisit(await context.newPage(), origin + p);
      await context.close();
      const scripts = [];
      let jsGzipBytes = 0;
      for (const url of visit.scriptUrls) {
        scripts.push({ url: url.replace(origin, ""), brotli: (await servedBytes(url, "br, gzip")).bytes });
        jsGzipBytes += (await servedBytes(url, "gzip")).bytes;
      }
      scripts.sort((a, b) => b.brotli - a.brotli);
      let imageBytes = 0;
      for (const url of visit.imageUrls.filter((u) => u.startsWith(origin)))
        imageBytes += (await servedBytes(url, "br, gzip")).bytes;
      const html = await servedBytes(origin + p, "br, gzip");
      const inlineJsBrotli = inlineScriptBrotli(html.body.toString("utf8"));
      out.push({
        path: p,
        requests: visit.requests,
        byKind: visit.byKind,
        htmlBrotli: html.bytes,
        htmlGzip: (await servedBytes(origin + p, "gzip")).bytes,
        jsFiles: visit.scriptUrls.length,
        inlineJsBrotli,
        jsBrotliBytes: inlineJsBrotli + scripts.reduce((n, s) => n + s.brotli, 0),
        jsGzipBytes,
        images: visit.imageUrls.length,
        imageBytes,
        scripts,
      });
    }
  } finally {
    if (!options.browser) await browser.close();
  }
  return out;
}

/** The table of `firstVisitWeights`, with each row marked against the target. */
export function renderWeights(weights: PageWeight[]) {
  const kb = (n: number) => (n / 1024).toFixed(1);
  const lines = [
    `First visit at ${PHONE.width}×${PHONE.height} (empty cache, until hydrated and quiet), counted by Chromium; JavaScript as served (brotli / gzip; the scripts inside the HTML, JSON-LD aside, compressed on their own and counted too). Target for a show page: at most ${WEIGHT_TARGET.requests} requests and ${kb(WEIGHT_TARGET.jsBrotliBytes)} KB of JavaScript (brotli), the poster included.`,
    "",
    "| page | requests | documents / styles / scripts / images / other | JS files | JS KB brotli (inline) | JS KB gzip | image KB | HTML KB brotli |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const w of weights) {
    const k = w.byKind;
    const other = w.requests - (k.document ?? 0) - (k.stylesheet ?? 0) - (k.script ?? 0) - (k.image ?? 0);
    lines.push(
      `| ${w.path} | ${w.requests} | ${k.document ?? 0} / ${k.stylesheet ?? 0} / ${k.script ?? 0} / ${k.image ?? 0} / ${other} | ${w.jsFiles} | ${kb(w.jsBrotliBytes)} (${kb(w.inlineJsBrotli)}) | ${kb(w.jsGzipBytes)} | ${kb(w.imageBytes)} | ${kb(w.htmlBrotli)} |`,
    );
  }
  return lines.join("\n") + "\n";
}
