import { defineConfig, devices } from "@playwright/test";

/**
 * Debian's chromium-headless-shell (a browser download cannot work on these machines): the same
 * Blink as the chromium package, without the desktop browser around it, which Playwright itself
 * uses for headless Chromium. It needs a third less CPU for the same tests (test-kit.md);
 * scripts/test.sh installs it. CHROMIUM_PATH=/usr/bin/chromium runs the full browser instead.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell";
const launchOptions = {
  executablePath: CHROMIUM,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/**
 * The vote specs also run with FAST_PATHS=off (issue 40 item 4: everything through the
 * ordinary routes), in the same run: the projects js-plain and no-js-plain.
 */
const PLAIN_SPECS = [
  "vote",
  "stuffing",
  "show-night",
  "results",
  "rounds",
  "reveal",
  "hostile-traffic",
  "security-headers",
].map((name) => `**/${name}.spec.ts`);

const js = { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: true };
const noJs = { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false };
/** Tests (or describes) whose title ends in @once run with JavaScript only: docs/decisions/test-kit.md. */
const once = /@once/;
/**
 * Tests tagged @no-fast-path send nothing the fast paths answer (app/fast: /vote, vote posts,
 * the page cache's public GETs), so FAST_PATHS=off cannot change them: not in the plain projects.
 */
const noFastPath = /@no-fast-path/;

/**
 * Every browser test runs with JavaScript and with JavaScript disabled, except those tagged
 * @once (JavaScript changes nothing they check: the rule is in docs/decisions/test-kit.md).
 * The global setup only checks there is a build (`npm test` builds first); each worker starts
 * the production server on a free port against a database of its own (tests/e2e/fixtures.ts),
 * so workers share nothing and their number is only a question of the machine (E2E_WORKERS).
 */
export default defineConfig<object, { fastPaths: boolean }>({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 4),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    // Recording a trace costs a quarter of the CPU of a passing test (test-kit.md): npm test
    // (CI=1, one retry) records it only for the retry of a failed test; a local run keeps the
    // trace of every failure.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions,
  },
  projects: [
    { name: "js", use: js },
    { name: "no-js", grepInvert: once, use: noJs },
    { name: "js-plain", testMatch: PLAIN_SPECS, grepInvert: noFastPath, use: { ...js, fastPaths: false } },
    {
      name: "no-js-plain",
      testMatch: PLAIN_SPECS,
      grepInvert: [once, noFastPath],
      use: { ...noJs, fastPaths: false },
    },
  ],
});
