/**
 * Issue 37, item 4: strangers cannot lock the host out. A server of its own behind a trusted
 * proxy (TRUST_PROXY: the client's address is the proxy's Fly-Client-IP), so each actor comes
 * from an address of its own: strangers from ten addresses spend the gates' and the username's
 * shared budgets; the host, on a browser that never unlocked anything, from the venue's address,
 * gets in at the first try (a little slower), while an address that spent its own budget stays
 * refused. On the code before issue 37 the host got "Too many attempts" for 10 or 15 minutes.
 */
import type { APIRequestContext } from "@playwright/test";
import { E2E_ENV } from "../support/env";
import { startSeededServer, type SeededServer } from "../support/server";
import { expect, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

const VENUE = "203.0.113.7";
const stranger = (i: number) => `198.51.100.${(i % 10) + 1}`;

let server: SeededServer;
test.beforeAll(async () => {
  server = await startSeededServer({ TRUST_PROXY: "true" });
});
test.afterAll(async () => server.close());

async function guess(api: APIRequestContext, path: string, form: Record<string, string>, ip: string) {
  const res = await api.post(`${server.url}${path}`, {
    form,
    headers: { Origin: server.url, "Fly-Client-IP": ip },
    maxRedirects: 0,
  });
  return res.status();
}

test("100 wrong guesses from ten addresses at each gate: the host's new browser still gets in, the strangers' addresses do not", async ({
  browser,
  playwright,
  javaScriptOn,
}) => {
  const api = await playwright.request.newContext();
  for (const path of ["/results", "/booking"]) {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => guess(api, path, { password: `wrong-${i}` }, stranger(i))),
    );
    // Each address had its own ten tries, all compared and wrong.
    expect(answers.filter((s) => s === 401).length, path).toBe(100);
    // A stranger's address that spent its own budget is refused even with the right password.
    const password = path === "/results" ? E2E_ENV.RESULTS_PASSWORD : E2E_ENV.BOOKING_PASSWORD;
    expect(await guess(api, path, { password }, stranger(3))).toBe(429);
  }
  await api.dispose();

  // The host arrives with a laptop that never unlocked anything, on the venue's Wi-Fi.
  const host = await browser.newContext({
    javaScriptEnabled: javaScriptOn,
    extraHTTPHeaders: { "Fly-Client-IP": VENUE },
  });
  const page = await host.newPage();
  await page.goto(`${server.url}/results`);
  await page.getByLabel("Password").fill(E2E_ENV.RESULTS_PASSWORD);
  await page.getByRole("button", { name: "View Results" }).click();
  await expect(page.getByLabel("Password")).toHaveCount(0, { timeout: 15_000 });
  await page.goto(`${server.url}/booking`);
  await page.getByLabel("Password").fill(E2E_ENV.BOOKING_PASSWORD);
  await page.getByRole("button", { name: "Access Schedule" }).click();
  await expect(page.getByRole("button", { name: "Access Schedule" })).toHaveCount(0, { timeout: 15_000 });
  await host.close();
});

test("wrong passwords for the host's username from other addresses: a new browser signs in at the first try", async ({
  browser,
  playwright,
  javaScriptOn,
}) => {
  const api = await playwright.request.newContext();
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      guess(api, "/admin/login", { username: E2E_ENV.ADMIN_USERNAME, password: `guess-${i}` }, stranger(i)),
    ),
  );
  expect(answers.every((s) => s === 401)).toBe(true);
  await api.dispose();

  const host = await browser.newContext({
    javaScriptEnabled: javaScriptOn,
    extraHTTPHeaders: { "Fly-Client-IP": VENUE },
  });
  const page = await host.newPage();
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel("Username").fill(E2E_ENV.ADMIN_USERNAME);
  await page.getByLabel("Password").fill(E2E_ENV.ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 });
  await host.close();
});
