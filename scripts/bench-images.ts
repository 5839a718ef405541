/**
 * The image half of `npm run bench` (alone: `npm run bench -- --images`): realistic posters
 * (scripts/lib/posters.ts, 2,000–6,000 px JPEGs) on the demo data, then, against the production
 * build under its production heap limit:
 *  - one 6000×4000 poster uploaded through the staff form: time until all its variants are on
 *    disk, and the server's RSS (peak, sampled every 25 ms) while it works;
 *  - bytes of images per page on a phone (Chromium, 412×823 at 2.625x, scrolled to the end so
 *    lazy images load) against the same page serving each poster's original file;
 *  - Lighthouse mobile on /, /event/{id}, /show/{slug}, /calendar, /vote: performance, LCP,
 *    CLS and the LCP image's bytes.
 */
import fs from "node:fs";
import path from "node:path";
import { asc, isNull } from "drizzle-orm";
import { events, images } from "~/db/schema";
import { todayIn } from "~/lib/dates";
import { allVariants } from "~/lib/image-variants";
import { showSlug } from "~/lib/slug";
import { imagesDir } from "~/utils/image-pipeline.server";
import { tempDatabase } from "../tests/support/db";
import { LOAD_ENV, staffOf } from "../tests/support/env";
import { FORMS, formFields } from "../tests/support/forms";
import { medianBy } from "../tests/support/rounds";
import { startLoadServer, stopServer, type Server } from "../tests/support/server";
import { loginStaff } from "../tests/support/staff";
import { CHROMIUM, lighthouseRun, requireChromium } from "./lib/chromium";
import { rssMiB } from "./lib/harness";
import { BIG_POSTER, generatePoster, givePosters, type Poster } from "./lib/posters";
import { seedDemoData } from "./seeds/demo";

/** Each page's full Lighthouse report (JSON) from the last run. */
const LHR_DIR = ".cache/lighthouse";
/** Lighthouse runs per page (its score swings with the machine: each row is the median run). */
const LIGHTHOUSE_RUNS = 3;
const PHONE = { width: 412, height: 823, deviceScaleFactor: 2.625 };

export type ImageBench = Awaited<ReturnType<typeof runImageBench>>;

export async function runImageBench(options: { lighthouse?: boolean } = {}) {
  const t0 = Date.now();
  // The 6000×4000 original goes to the upload test below; the demo shows get their own posters.
  const big = await generatePoster(BIG_POSTER);
  const generateMs = Date.now() - t0;
  const today = todayIn();
  const { dir, file } = tempDatabase("bench-images", (database) => {
    seedDemoData(database, today);
    return null;
  });
  // The demo shows get their posters the way staff uploads do (in this process, before the server starts).
  const { openDatabase } = await import("~/utils/db.server");
  const database = openDatabase(file);
  const t1 = Date.now();
  const { posters } = await givePosters(database, imagesDir(file));
  const prepareMs = Date.now() - t1;
  const shows = database
    .select({ id: events.id, title: events.title, date: events.date })
    .from(events)
    .where(isNull(events.archivedAt))
    .orderBy(asc(events.date))
    .all();
  const originals = new Map(
    database
      .select({ hash: images.hash, bytes: images.bytes })
      .from(images)
      .all()
      .map((r) => [r.hash, r.bytes]),
  );
  const first = shows[0];
  database.$client.close();

  const server = await startLoadServer(file, dir);
  try {
    const upload = await measureUpload(server, big);
    const pages = [
      "/",
      `/event/${first.id}`,
      `/show/${showSlug({ title: first.title, date: first.date })}`,
      "/calendar",
      "/vote",
    ];
    const phone = await phoneImageBytes(server.base, pages, originals);
    const lighthouse = options.lighthouse === false ? [] : await lighthouseImages(server.base, pages);
    return {
      posters: posters.map((p) => ({ size: `${p.width}x${p.height}`, bytes: p.bytes })),
      generateMs,
      prepareMs,
      upload,
      phone,
      lighthouse,
      rssAfterMb: rssMiB(server.child.pid),
    };
  } finally {
    await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Uploads the 6000×4000 poster through the staff form; waits for all its variants; samples RSS. */
async function measureUpload(server: Server, poster: Poster) {
  const cookie = await loginStaff(server.base, staffOf(LOAD_ENV));
  const rssBefore = rssMiB(server.child.pid) ?? 0;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    const now = rssMiB(server.child.pid);
    if (now && now > peak) peak = now;
  }, 25);
  const form = new FormData();
  const fields = formFields(FORMS.event, {
    title: "Bench Upload Night",
    date: "2031-06-01",
    time: "8:00 PM",
    venue: "Tipsy Toucan",
    ticketUrl: "https://www.eventbrite.ca/e/bench-upload-tickets-1",
    imageFocus: "72,48",
  });
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(
    "poster",
    new Blob([fs.readFileSync(poster.file)], { type: "image/jpeg" }),
    path.basename(poster.file),
  );
  const start = Date.now();
  const res = await fetch(`${server.base}/admin/events/new`, {
    method: "POST",
    body: form,
    headers: { cookie, origin: server.base },
    redirect: "manual",
  });
  await res.arrayBuffer();
  const requestMs = Date.now() - start;
  if (res.status !== 302) throw new Error(`upload answered ${res.status}`);
  // The variants are rendered in the background after the redirect: wait until all are on disk.
  const variantsDir = () => {
    const root = path.join(path.dirname(server.log), "images");
    return fs.existsSync(root)
      ? fs
          .readdirSync(root)
          .map((h) => path.join(root, h))
          .filter((d) => fs.readdirSync(d).some((f) => f.includes("-72-48-")))
      : [];
  };
  // Every variant of the master (at most 2560 px wide, so every display width).
  const expected = allVariants({ hash: "", focus: { x: 72, y: 48 }, maxWidth: 2560 }).length;
  const deadline = Date.now() + 180_000;
  let files = 0;
  while (Date.now() < deadline) {
    const d = variantsDir()[0];
    files = d ? fs.readdirSync(d).filter((f) => f.includes("-72-48-") && !f.endsWith(".tmp")).length : 0;
    if (files >= expected) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const totalMs = Date.now() - start;
  clearInterval(sampler);
  return {
    posterBytes: poster.bytes,
    size: `${poster.width}x${poster.height}`,
    requestMs,
    totalMs,
    variants: files,
    rssBeforeMb: rssBefore,
    rssPeakMb: peak,
  };
}

/** Image bytes a phone downloads per page (scrolled to the end) vs the posters' original files. */
async function phoneImageBytes(base: string, pages: string[], originals: Map<string, number>) {
  requireChromium();
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  const out = [];
  try {
    for (const p of pages) {
      const context = await browser.newContext({
        viewport: { width: PHONE.width, height: PHONE.height },
        deviceScaleFactor: PHONE.deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      let bytes = 0;
      let firstViewBytes = 0;
      let requests = 0;
      let scrolled = false;
      page.on("response", async (response) => {
        if (response.request().resourceType() !== "image" || response.url().startsWith("data:")) return;
        const body = await response.body().catch(() => Buffer.alloc(0));
        bytes += body.length;
        requests++;
        if (!scrolled) firstViewBytes += body.length;
      });
      const sizes = new Map<string, number>();
      page.on("response", async (response) => {
        if (response.request().resourceType() === "image" && !response.url().startsWith("data:"))
          sizes.set(response.url(), (await response.body().catch(() => Buffer.alloc(0))).length);
      });
      await page.goto(base + p, { waitUntil: "networkidle" });
      // The browser's own LCP entry for this phone: which element, and the image it loaded.
      const lcp = await page.evaluate(
        () =>
          new Promise<{ tag: string; url: string }>((resolve) => {
            new PerformanceObserver((list) => {
              const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element; url?: string };
              resolve({ tag: last?.element?.tagName.toLowerCase() ?? "?", url: last?.url ?? "" });
            }).observe({ type: "largest-contentful-paint", buffered: true });
            setTimeout(() => resolve({ tag: "none", url: "" }), 2000);
          }),
      );
      scrolled = true;
      const height = await page.evaluate(() => document.body.scrollHeight);
      for (let y = 0; y < height; y += PHONE.height / 2) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(60);
      }
      await page.waitForLoadState("networkidle");
      const hashes = await page.evaluate(() =>
        [...document.querySelectorAll("img[data-image]")].map((i) => i.getAttribute("data-image")!),
      );
      const distinct = [...new Set(hashes)];
      const original = distinct.reduce((sum, h) => sum + (originals.get(h) ?? 0), 0);
      out.push({
        path: p,
        images: hashes.length,
        distinctPosters: distinct.length,
        firstViewBytes,
        phoneBytes: bytes,
        requests,
        originalBytes: original,
        ratio: bytes ? Math.round((original / bytes) * 10) / 10 : 0,
        lcpTag: lcp.tag,
        lcpUrl: lcp.url && !lcp.url.startsWith("data:") ? lcp.url.replace(base, "") : null,
        lcpBytes: lcp.url ? (sizes.get(lcp.url) ?? null) : null,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

type LcpPhase = { phase: string; ms: number };

/**
 * Lighthouse mobile (its default: Moto G Power 412×823 @1.75x, simulated slow 4G and 4x CPU) per
 * page, with its own diagnostics, since the score swings with the machine's load: the LCP element
 * and its breakdown (TTFB / load delay / load time / render delay), render-blocking requests,
 * unused JS/CSS, whether the LCP image was discoverable, eager and high-priority. A run that
 * ends in a Lighthouse runtime error (e.g. NO_LCP, PAGE_HUNG) is retried once and the error kept.
 */
async function lighthouseImages(base: string, pages: string[]) {
  const once = async (p: string) => {
    const lhr = await lighthouseRun(base + p, ["performance"]);
    return { ...summariseLighthouse(lhr, base, p), lhr };
  };
  // Pages take turns, LIGHTHOUSE_RUNS rounds, so a busy moment of the machine does not fall on
  // one page's every run; each row is the page's median run by score (its TBT decides most).
  const runs = new Map<string, Awaited<ReturnType<typeof once>>[]>(pages.map((p) => [p, []]));
  for (let round = 0; round < LIGHTHOUSE_RUNS; round++)
    for (const p of pages) runs.get(p)!.push(await once(p));
  return pages.map((p) => {
    const all = runs.get(p)!;
    const { lhr, ...median } = medianBy(all, (r) => (r.runtimeError ? -1 : r.performance));
    // The median run's whole report stays on disk for reading the audits this summary leaves out.
    fs.mkdirSync(LHR_DIR, { recursive: true });
    fs.writeFileSync(path.join(LHR_DIR, `${p.replace(/\W+/g, "_") || "_"}.json`), JSON.stringify(lhr));
    return {
      ...median,
      runs: all.map((r) => ({ performance: r.performance, tbtMs: r.tbtMs, lcpMs: r.lcpMs })),
    };
  });
}

type Details = any;

function summariseLighthouse(lhr: import("lighthouse").Result, base: string, p: string) {
  const a = lhr.audits;
  const num = (k: string) => Math.round(a[k]?.numericValue ?? 0);
  const lcpTables = ((a["largest-contentful-paint-element"]?.details as Details)?.items ?? []) as Details[];
  const lcpItem: string = lcpTables[0]?.items?.[0]?.node?.snippet ?? "";
  const phases: LcpPhase[] = (lcpTables[1]?.items ?? []).map((i: Details) => ({
    phase: String(i.phase),
    ms: Math.round(i.timing ?? 0),
  }));
  const hash = /data-image="([0-9a-f]{16})"/.exec(lcpItem)?.[1];
  const requests = ((a["network-requests"]?.details as Details)?.items ?? []) as {
    url: string;
    transferSize?: number;
    resourceType?: string;
  }[];
  const lcpImage = hash
    ? requests
        .filter((r) => r.url.includes(`/img/${hash}`))
        .reduce((max, r) => Math.max(max, r.transferSize ?? 0), 0)
    : null;
  const imageBytes = requests
    .filter((r) => r.resourceType === "Image")
    .reduce((s, r) => s + (r.transferSize ?? 0), 0);
  const list = (k: string) =>
    (
      ((a[k]?.details as Details)?.items ?? []) as {
        url?: string;
        wastedBytes?: number;
        totalBytes?: number;
      }[]
    )
      .filter((i) => i.url)
      .map((i) => ({
        url: i.url!.replace(base, ""),
        bytes: i.totalBytes ?? 0,
        wastedBytes: i.wastedBytes ?? 0,
      }));
  const discovery = (((a["lcp-discovery-insight"]?.details as Details)?.items ?? []) as Details[]).find(
    (i) => i.type === "checklist",
  )?.items;
  return {
    path: p,
    // Lighthouse's measure of this machine's speed at the time (a quiet modern desktop: ~1,500-2,500).
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: num("first-contentful-paint"),
    lcpMs: num("largest-contentful-paint"),
    tbtMs: num("total-blocking-time"),
    speedIndexMs: num("speed-index"),
    cls: Number((a["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
    serverResponseMs: num("server-response-time"),
    lcpElement: lcpItem.replace(/base64,[^"&]*/g, "base64,…").slice(0, 120),
    lcpPhases: phases,
    lcpDiscovery: discovery
      ? Object.fromEntries(
          Object.entries(discovery as Record<string, { value: boolean }>).map(([k, v]) => [k, v.value]),
        )
      : null,
    renderBlocking: list("render-blocking-insight").length
      ? list("render-blocking-insight")
      : list("render-blocking-resources"),
    unusedJsBytes: list("unused-javascript").reduce((s, i) => s + i.wastedBytes, 0),
    unusedCssBytes: list("unused-css-rules").reduce((s, i) => s + i.wastedBytes, 0),
    scriptRequests: requests.filter((r) => r.resourceType === "Script").length,
    lcpImageBytes: lcpImage,
    imageBytes,
  };
}

export function renderImageMarkdown(r: ImageBench) {
  const lines: string[] = [];
  const kb = (n: number | null | undefined) => (n == null ? "–" : `${(n / 1024).toFixed(1)} KB`);
  lines.push(
    `Posters: ${r.posters.map((p) => `${p.size} (${(p.bytes / 1e6).toFixed(1)} MB)`).join(", ")}; made in ${r.generateMs} ms (0 when cached), processed with all variants in ${r.prepareMs} ms.`,
    "",
    `Upload of one ${r.upload.size} poster (${(r.upload.posterBytes / 1e6).toFixed(1)} MB) through the staff form: request ${r.upload.requestMs} ms, all ${r.upload.variants} variants on disk after ${r.upload.totalMs} ms; server RSS ${r.upload.rssBeforeMb} MB before, peak ${r.upload.rssPeakMb} MB while working (node ${JSON.parse(fs.readFileSync("package.json", "utf8")).config.nodeFlags}).`,
    "",
    "| page (phone 412×823 @2.625x, scrolled to the end) | images | posters | first view | whole page | originals | ratio |",
    "|---|---|---|---|---|---|---|",
  );
  for (const p of r.phone)
    lines.push(
      `| ${p.path} | ${p.images} | ${p.distinctPosters} | ${kb(p.firstViewBytes)} | ${kb(p.phoneBytes)} | ${kb(p.originalBytes)} | ${p.ratio}x |`,
    );
  if (r.lighthouse.length) {
    lines.push(
      "",
      `| Lighthouse mobile (median of ${LIGHTHOUSE_RUNS} runs) | perf | every run: perf / TBT / LCP | FCP ms | LCP ms | TBT ms | CLS | LCP element | LCP: TTFB / load delay / load time / render delay | LCP image | all images | render-blocking | scripts | machine (benchmarkIndex) |`,
      "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    );
    for (const l of r.lighthouse) {
      if (l.runtimeError) {
        lines.push(
          `| ${l.path} | Lighthouse error: ${l.runtimeError.replace(/\|/g, "/").slice(0, 120)} ||||||||||||`,
        );
        continue;
      }
      const tag = /^<(\w+)/.exec(l.lcpElement)?.[1] ?? "?";
      const phases = l.lcpPhases.map((x) => x.ms).join(" / ");
      const blocking =
        l.renderBlocking.map((b) => `${path.basename(b.url)} ${kb(b.bytes)}`).join(", ") || "none";
      lines.push(
        `| ${l.path} | ${l.performance} | ${l.runs.map((x) => `${x.performance} / ${x.tbtMs} / ${x.lcpMs}`).join(", ")} | ${l.fcpMs} | ${l.lcpMs} | ${l.tbtMs} | ${l.cls} | ${tag}${l.lcpDiscovery ? (Object.values(l.lcpDiscovery).every(Boolean) ? " (eager, high, in HTML)" : " (not eager/high)") : ""} | ${phases} | ${l.lcpImageBytes == null ? "not an image" : kb(l.lcpImageBytes)} | ${kb(l.imageBytes)} | ${blocking} | ${l.scriptRequests} | ${l.benchmarkIndex} |`,
      );
    }
  }
  const lcp = r.phone.filter((p) => p.lcpUrl);
  if (lcp.length) {
    lines.push(
      "",
      "LCP on the phone (412×823 @2.625x): " +
        r.phone
          .map(
            (p) => `${p.path} ${p.lcpTag}${p.lcpUrl ? ` ${path.basename(p.lcpUrl)} ${kb(p.lcpBytes)}` : ""}`,
          )
          .join("; ") +
        ".",
    );
  }
  return lines.join("\n") + "\n";
}
