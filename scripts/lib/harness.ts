/**
 * What only the scripts need: a build check, a bound on a run's time, percentiles, the
 * server's resident memory, vote device cookies. Starting the server, test databases,
 * staff sign-in and form posts are the test kit's (tests/support), shared with the tests.
 */
import fs from "node:fs";
import { newDeviceId, signedDeviceValue } from "~/utils/vote-device.server";
import { LOAD_ENV } from "../../tests/support/env";
import type { Server } from "../../tests/support/server";

/**
 * A vote device cookie as /vote would issue it (the app's own signing, signedDeviceValue), made
 * synchronously so a load tool can give every simulated phone its own device without loading
 * the page first. The id is one the app would mint (newDeviceId): ids shaped otherwise, such as
 * a counter, would land in the votes' indexes in an order real phones do not give.
 */
export function deviceCookieFor(
  // Issue 37: a phone that opened /vote a minute ago (a cookie votes only once a few seconds old).
  id: string = newDeviceId(Date.now() - 60_000),
  secret: string = LOAD_ENV.SESSION_SECRET,
) {
  return `vote_device=${signedDeviceValue(id, secret)}`;
}

export function requireBuild() {
  if (!fs.existsSync("build/server.js")) {
    console.error("No build found: run `npm run build` first (this script builds nothing).");
    process.exit(1);
  }
}

/**
 * Bounds a script's run: after `seconds`, says so, kills the server it is testing (if any)
 * and exits 1. Returns a function that disarms it.
 */
export function giveUpAfter(label: string, seconds: number, server?: () => Server | undefined) {
  const timer = setTimeout(() => {
    console.error(`${label} took over ${seconds} s: giving up`);
    server?.()?.child.kill("SIGKILL");
    process.exit(1);
  }, seconds * 1000);
  return () => clearTimeout(timer);
}

export function percentile(values: number[], p: number) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Resident memory of a process in MiB (Linux /proc), or null elsewhere. */
/**
 * A process's resident memory in MiB, split as the kernel counts it (/proc/PID/status): anon
 * (heaps, the process's own), file (the node binary and libraries mapped from disk, shared with
 * other processes and dropped first under pressure), shmem.
 */
export function memoryMiB(pid: number | undefined): { rss: number; anon: number; file: number } | null {
  if (!pid) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) =>
      Math.round((Number(new RegExp(`${name}:\\s+(\\d+)\\s+kB`).exec(status)?.[1] ?? 0) / 1024) * 10) / 10;
    return { rss: field("VmRSS"), anon: field("RssAnon"), file: field("RssFile") };
  } catch {
    return null;
  }
}

/**
 * CPU time a process has used so far (user + system, /proc/PID/stat), in microseconds; null
 * where /proc is not there. Ticks are 1/100 s (USER_HZ on Linux).
 */
export function cpuMicros(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10_000; // utime, stime
  } catch {
    return null;
  }
}

export function rssMiB(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Math.round((Number(kb) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

/** Writes a markdown file a benchmark made, formatted as `npm run lint` expects (prettier). */
export async function writeMarkdown(file: string, text: string) {
  const prettier = await import("prettier");
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}

/** Puts `md` between `<!-- NAME:start -->` and `<!-- NAME:end -->` in README.md, if it has them. */
export async function updateReadmeBlock(name: string, md: string) {
  const readme = fs.readFileSync("README.md", "utf8");
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  if (!readme.includes(start)) return;
  const block = new RegExp(`${start}[\\s\\S]*?${end}`);
  await writeMarkdown(
    "README.md",
    readme.replace(block, () => `${start}\n${md}${end}`),
  );
}
