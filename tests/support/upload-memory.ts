/**
 * Ten staff uploads of a large poster at once against the production build with production's
 * node flags and allocator settings (startLoadServer), the server's RSS sampled all along
 * (issue 38: the 512 MB machine). Used by tests/e2e/upload-memory.spec.ts.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { FORMS, formFields } from "./forms";
import { type Server } from "./server";
import { loginStaff } from "./staff";

const CACHE = path.resolve(".cache/upload-memory");

/**
 * A camera-sized poster: 6000×4000, grainy (so it weighs what a camera file weighs, ~10 MB),
 * made once with sharp and kept in .cache/. `copies` distinct files: the same picture with a
 * different trailer after the JPEG's end marker, so each has its own content hash.
 */
export async function bigPosters(copies: number): Promise<Buffer[]> {
  const file = path.join(CACHE, "poster-6000x4000-14mb.jpg");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(CACHE, { recursive: true });
    const grain = await sharp({
      create: {
        width: 6000,
        height: 4000,
        channels: 3,
        background: { r: 90, g: 40, b: 120 },
        noise: { type: "gaussian", mean: 110, sigma: 35 },
      },
    })
      .jpeg({ quality: 88 })
      .toBuffer();
    fs.writeFileSync(`${file}.tmp`, grain);
    fs.renameSync(`${file}.tmp`, file);
  }
  const base = fs.readFileSync(file);
  return Array.from({ length: copies }, (_, i) =>
    Buffer.concat([base, Buffer.from(`copy-${i}-${Date.now()}`)]),
  );
}

export function rssMB(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

export type UploadOutcome = { status: number; body: string; title: string };

/** Posts the new-event form with `poster` as the upload; answers the status and the page text. */
export async function uploadPoster(base: string, cookie: string, poster: Buffer, title: string) {
  const form = new FormData();
  const fields = formFields(FORMS.event, {
    title,
    date: "2031-06-01",
    time: "8:00 PM",
    venue: "Tipsy Toucan",
    ticketUrl: "https://www.eventbrite.ca/e/upload-memory-tickets-1",
    imageFocus: "50,50",
  });
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("poster", new Blob([new Uint8Array(poster)], { type: "image/jpeg" }), "poster.jpg");
  const res = await fetch(`${base}/admin/events/new`, {
    method: "POST",
    body: form,
    headers: { cookie, origin: base },
    redirect: "manual",
  });
  return { status: res.status, body: await res.text(), title } satisfies UploadOutcome;
}

/**
 * Sends `posters.length` uploads at once; samples RSS every 25 ms from before the first until
 * `settleMs` after the last answer (the variants are rendered after the answers).
 */
export async function uploadAtOnce(
  server: Server,
  posters: Buffer[],
  credentials: { username: string; password: string },
  settleMs = 20_000,
) {
  const cookie = await loginStaff(server.base, credentials);
  const pid = server.child.pid;
  const idle = rssMB(pid);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMB(pid));
  }, 25);
  const started = Date.now();
  const outcomes = await Promise.all(
    posters.map((poster, i) => uploadPoster(server.base, cookie, poster, `Upload Memory Night ${i + 1}`)),
  );
  const answeredMs = Date.now() - started;
  // After the answers: the accepted posters' variants are rendered in the background.
  const settleUntil = Date.now() + settleMs;
  while (Date.now() < settleUntil) await new Promise((r) => setTimeout(r, 250));
  clearInterval(sampler);
  return { idle, peak, after: rssMB(pid), answeredMs, outcomes };
}
