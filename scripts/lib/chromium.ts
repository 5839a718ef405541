// The Debian Chromium the bench and the screenshots run (a browser download fails here), and one
// Lighthouse run in it (the load and image benches both use it).
import fs from "node:fs";
import type { Result } from "lighthouse";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Stops the bench with what to do when Chromium is missing (a browser download fails here). */
export function requireChromium() {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
    );
}

/**
 * Lighthouse's mobile run (its default: Moto G Power 412×823, simulated slow 4G and 4x CPU) of one
 * page in a fresh browser, after one plain request that warms the server's page cache, as a
 * visitor after the first finds it. A run that ends in a Lighthouse runtime error (NO_LCP,
 * PAGE_HUNG) is retried once; the second report is returned whatever it holds.
 */
export async function lighthouseRun(url: string, categories?: string[]): Promise<Result> {
  requireChromium();
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  let lhr: Result | null = null;
  for (let attempt = 1; attempt <= 2 && (!lhr || lhr.runtimeError); attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    try {
      await fetch(url).then((r) => r.arrayBuffer());
      const run = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        ...(categories ? { onlyCategories: categories } : {}),
      });
      lhr = run!.lhr;
    } finally {
      await chrome.kill();
    }
  }
  return lhr!;
}
