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
import { seedDemoData } from "~/db/seed.server";
import { todayIn } from "~/lib/dates";
import { DEFAULT_FOCUS } from "~/lib/image-variants";
import { showSlug } from "~/lib/slug";
import { getImageRow, ingestBytes, setShowImage } from "~/models/show-images.server";
import { imagesDir, produceAllVariants } from "~/utils/image-pipeline.server";
import { tempDatabase } from "../tests/support/db";
import { LOAD_ENV, staffOf } from "../tests/support/env";
import { FORMS, formFields } from "../tests/support/forms";
import { startLoadServer, stopServer, type Server } from "../tests/support/server";
import { loginStaff } from "../tests/support/staff";
import { rssMiB } from "./lib/harness";
import { generatePosters, type Poster } from "./lib/posters";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PHONE = { width: 412, height: 823, deviceScaleFactor: 2.625 };

export type ImageBench = Awaited<ReturnType<typeof runImageBench>>;

export async function runImageBench(options: { lighthouse?: boolean } = {}) {
  const t0 = Date.now();
  const posters = await generatePosters();
  const generateMs = Date.now() - t0;
  const today = todayIn();
  const { dir, file, data } = tempDatabase("bench-images", (database) => {
    seedDemoData(database, today);
    return null;
  });
  void data;
  // The demo shows get the posters the way staff uploads do (in this process, before the server starts).
  const { openDatabase } = await import("~/utils/db.server");
  const database = openDatabase(file);
  const store = imagesDir(file);
  const t1 = Date.now();
  const hashes: string[] = [];
  for (const p of posters) {
    const result = await ingestBytes(fs.readFileSync(p.file), database, store);
    if (!result.ok) throw new Error(result.message);
    hashes.push(result.hash);
    await produceAllVariants(store, getImageRow(result.hash, database)!, DEFAULT_FOCUS);
  }
  const prepareMs = Date.now() - t1;
  const shows = database.select({ id: events.id, title: events.title, date: events.date }).from(events).where(isNull(events.archivedAt)).orderBy(asc(events.date)).all();
  // The big 6000×4000 poster goes to the upload test below, not to the demo shows.
  shows.forEach((s, i) => setShowImage(s.id, { source: "upload", hash: hashes[1 + (i % (hashes.length - 1))], focus: DEFAULT_FOCUS }, database));
  const originals = new Map(database.select({ hash: images.hash, bytes: images.bytes }).from(images).all().map((r) => [r.hash, r.bytes]));
  const first = shows[0];
  database.$client.close();

  const server = await startLoadServer(file, dir);
  try {
    const upload = await measureUpload(server, posters[0]);
    const pages = ["/", `/event/${first.id}`, `/show/${showSlug({ title: first.title, date: first.date })}`, "/calendar", "/vote"];
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
  form.append("poster", new Blob([fs.readFileSync(poster.file)], { type: "image/jpeg" }), path.basename(poster.file));
  const start = Date.now();
  const res = await fetch(`${server.base}/admin/events/new`, { method: "POST", body: form, headers: { cookie, origin: server.base }, redirect: "manual" });
  await res.arrayBuffer();
  const requestMs = Date.now() - start;
  if (res.status !== 302) throw new Error(`upload answered ${res.status}`);
  // The variants are rendered in the background after the redirect: wait until all are on disk.
  const variantsDir = () => {
    const root = path.join(path.dirname(server.log), "images");
    return fs.existsSync(root) ? fs.readdirSync(root).map((h) => path.join(root, h)).filter((d) => fs.readdirSync(d).some((f) => f.includes("-72-48-"))) : [];
  };
  const deadline = Date.now() + 180_000;
  let files = 0;
  while (Date.now() < deadline) {
    const d = variantsDir()[0];
    files = d ? fs.readdirSync(d).filter((f) => f.includes("-72-48-") && !f.endsWith(".tmp")).length : 0;
    if (files >= 16) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const totalMs = Date.now() - start;
  clearInterval(sampler);
  return { posterBytes: poster.bytes, size: `${poster.width}x${poster.height}`, requestMs, totalMs, variants: files, rssBeforeMb: rssBefore, rssPeakMb: peak };
}

/** Image bytes a phone downloads per page (scrolled to the end) vs the posters' original files. */
async function phoneImageBytes(base: string, pages: string[], originals: Map<string, number>) {
  if (!fs.existsSync(CHROMIUM)) return [];
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  const out = [];
  try {
    for (const p of pages) {
      const context = await browser.newContext({ viewport: { width: PHONE.width, height: PHONE.height }, deviceScaleFactor: PHONE.deviceScaleFactor, isMobile: true, hasTouch: true });
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
      await page.goto(base + p, { waitUntil: "networkidle" });
      scrolled = true;
      const height = await page.evaluate(() => document.body.scrollHeight);
      for (let y = 0; y < height; y += PHONE.height / 2) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(60);
      }
      await page.waitForLoadState("networkidle");
      const hashes = await page.evaluate(() => [...document.querySelectorAll("img[data-image]")].map((i) => i.getAttribute("data-image")!));
      const distinct = [...new Set(hashes)];
      const original = distinct.reduce((sum, h) => sum + (originals.get(h) ?? 0), 0);
      out.push({ path: p, images: hashes.length, distinctPosters: distinct.length, firstViewBytes, phoneBytes: bytes, requests, originalBytes: original, ratio: bytes ? Math.round((original / bytes) * 10) / 10 : 0 });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

async function lighthouseImages(base: string, pages: string[]) {
  if (!fs.existsSync(CHROMIUM)) return [];
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const out = [];
  for (const p of pages) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    try {
      const run = await lighthouse(base + p, { port: chrome.port, output: "json", logLevel: "error" });
      const lhr = run!.lhr;
      const lcpItem = (lhr.audits["largest-contentful-paint-element"]?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items?.[0]?.items?.[0]?.node?.snippet ?? "";
      const hash = /data-image="([0-9a-f]{16})"/.exec(lcpItem)?.[1];
      const requests = ((lhr.audits["network-requests"]?.details as { items?: { url: string; transferSize?: number; resourceType?: string }[] } | undefined)?.items ?? []);
      const lcpImage = hash
        ? requests.filter((r) => r.url.includes(`/img/${hash}`)).reduce((max, r) => Math.max(max, r.transferSize ?? 0), 0)
        : null;
      const imageBytes = requests.filter((r) => r.resourceType === "Image").reduce((s, r) => s + (r.transferSize ?? 0), 0);
      out.push({
        path: p,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
        lcpElement: lcpItem.slice(0, 80),
        lcpImageBytes: lcpImage,
        imageBytes,
      });
    } finally {
      await chrome.kill();
    }
  }
  return out;
}

export function renderImageMarkdown(r: ImageBench) {
  const lines: string[] = [];
  const kb = (n: number | null | undefined) => (n == null ? "–" : `${(n / 1024).toFixed(1)} KB`);
  lines.push(
    `Posters: ${r.posters.map((p) => `${p.size} (${(p.bytes / 1e6).toFixed(1)} MB)`).join(", ")}; made in ${r.generateMs} ms (0 when cached), processed with all variants in ${r.prepareMs} ms.`,
    "",
    `Upload of one ${r.upload.size} poster (${(r.upload.posterBytes / 1e6).toFixed(1)} MB) through the staff form: request ${r.upload.requestMs} ms, all ${r.upload.variants} variants on disk after ${r.upload.totalMs} ms; server RSS ${r.upload.rssBeforeMb} MB before, peak ${r.upload.rssPeakMb} MB while working (heap limit --max-old-space-size=96).`,
    "",
    "| page (phone 412×823 @2.625x, scrolled to the end) | images | posters | first view | whole page | originals | ratio |",
    "|---|---|---|---|---|---|---|",
  );
  for (const p of r.phone) lines.push(`| ${p.path} | ${p.images} | ${p.distinctPosters} | ${kb(p.firstViewBytes)} | ${kb(p.phoneBytes)} | ${kb(p.originalBytes)} | ${p.ratio}x |`);
  if (r.lighthouse.length) {
    lines.push("", "| Lighthouse mobile | perf | LCP ms | CLS | LCP image | all images |", "|---|---|---|---|---|---|");
    for (const l of r.lighthouse) lines.push(`| ${l.path} | ${l.performance} | ${l.lcpMs} | ${l.cls} | ${l.lcpImageBytes == null ? "not an image" : kb(l.lcpImageBytes)} | ${kb(l.imageBytes)} |`);
  }
  return lines.join("\n") + "\n";
}
