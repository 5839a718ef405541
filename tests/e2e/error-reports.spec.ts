import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { startFakeSentry } from "../fakes/sentry";
import { E2E_ENV } from "../support/env";
import { FORMS, formFields, postForm } from "../support/forms";
import { startSeededServer } from "../support/server";
import { loginStaff } from "../support/staff";
import { expect, test } from "./fixtures";

// Server-process behaviour: run once, in the "js" project.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "process test runs once");
test.describe.configure({ timeout: 60_000 });

const EMAIL = "victim.person@example.com";

test("a thrown loader or action error reaches the Sentry ingest with its request id and release, never the form's e-mail, a password or a cookie", async () => {
  const sentry = await startFakeSentry();
  const server = await startSeededServer(
    { SENTRY_DSN: sentry.dsn, SENTRY_RELEASE: "laugh-windsor@test-1" },
    "sentry",
  );
  try {
    const cookie = await loginStaff(server.url, {
      username: E2E_ENV.ADMIN_USERNAME,
      password: E2E_ENV.ADMIN_PASSWORD,
    });
    // Break the storage under the pages (as a bad migration or a full disk would).
    server.database.$client.exec(
      "ALTER TABLE events RENAME TO events_gone; ALTER TABLE contact_messages RENAME TO contact_gone",
    );

    // A GET form's e-mail in the query string (the home page's search), signed in as staff.
    const page = await fetch(`${server.url}/?q=${encodeURIComponent(EMAIL)}`, { headers: { cookie } });
    expect(page.status).toBe(500);
    // The contact form's e-mail in the posted body.
    const post = await postForm(
      server.url,
      "/contact",
      formFields(FORMS.contact, {
        name: "Victim Person",
        email: EMAIL,
        subject: "Hello",
        message: `Write to me at ${EMAIL}`,
        submissionToken: crypto.randomBytes(16).toString("hex"),
      }),
      { cookie },
    );
    await post.text();
    expect(post.status).toBe(500);

    await expect
      .poll(() => sentry.events().length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2)
      .catch((e) => {
        console.log(JSON.stringify(sentry.events().map((ev) => [ev.tags, ev.exception?.values?.[0]?.value])));
        console.log(
          fs
            .readFileSync(
              path.join(path.dirname(server.databasePath), `server-${new URL(server.url).port}.log`),
              "utf8",
            )
            .slice(0, 3000),
        );
        throw e;
      });
    const port = new URL(server.url).port;
    const log = fs.readFileSync(path.join(path.dirname(server.databasePath), `server-${port}.log`), "utf8");
    const logged = log
      .split("\n")
      .filter((l) => l.includes("loader or action error"))
      .map((l) => JSON.parse(l) as { reqId: string; path: string });
    // The loader's error (its line carries the request id); the contact form's failed write is
    // an error line of its own (without a request id), reported as well.
    expect(logged.map((l) => l.path)).toEqual(["/"]);

    const events = sentry.events();
    expect(events.some((e) => /no such table: contact_messages/.test(e.exception.values[0].value))).toBe(
      true,
    );
    for (const line of logged) {
      const event = events.find((e) => e.tags?.request_id === line.reqId);
      expect(event, `an event for request ${line.reqId} (${line.path})`).toBeTruthy();
      expect(event.release).toBe("laugh-windsor@test-1");
      expect(event.exception.values[0].value).toMatch(/no such table/);
      expect(event.contexts.request.path).toBe(line.path);
    }
    // Nothing personal anywhere in what arrived: not the e-mail, the staff password, the session cookie.
    const everything = sentry.envelopes.map((e) => e.raw).join("\n");
    expect(everything).not.toContain(EMAIL);
    expect(everything).not.toContain("victim.person");
    expect(everything).not.toContain(E2E_ENV.ADMIN_PASSWORD);
    expect(everything).not.toContain(cookie.split("=")[1].split(";")[0]);
    expect(everything).not.toContain("__session");
  } finally {
    await server.close();
    await sentry.close();
  }
});

test("a thrown error in the browser reaches the ingest with the release and the page's render id, never the e-mail typed in the form or in the address", async ({
  page,
}) => {
  const sentry = await startFakeSentry();
  const server = await startSeededServer(
    { SENTRY_DSN: sentry.dsn, SENTRY_RELEASE: "laugh-windsor@test-1" },
    "sentry-browser",
  );
  try {
    // The SDK is not part of the page: it is fetched with the first error only.
    const scripts: string[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.push(r.url());
    });
    await page.goto(`${server.url}/contact?from=${encodeURIComponent(EMAIL)}`);
    await page.waitForFunction(() => "__remixRouter" in window);
    await page.getByLabel("Email").fill(EMAIL);
    const before = scripts.length;
    // An error nobody catches, as a broken enhancement would throw it, with the field's value in
    // its message.
    await page.evaluate(() => {
      setTimeout(() => {
        const typed = document.querySelector<HTMLInputElement>('input[type="email"]')!.value;
        throw new Error(`the contact form broke while ${typed} was typed`);
      });
    });
    await expect
      .poll(() => sentry.events().filter((e) => e.tags?.side === "browser").length, { timeout: 20_000 })
      .toBe(1);
    expect(scripts.length, "the SDK's chunk is fetched with the error").toBeGreaterThan(before);

    const event = sentry.events().find((e) => e.tags?.side === "browser");
    expect(event.release).toBe("laugh-windsor@test-1");
    expect(event.platform).toBe("javascript");
    expect(event.tags.page).toBe("/contact");
    // The id of the render that made the page (the server's request id), to find its log lines.
    expect(event.tags.request_id).toMatch(/^[\w-]{6,}$/);
    expect(event.exception.values[0].value).toBe("the contact form broke while [email] was typed");
    const everything = sentry.envelopes.map((e) => e.raw).join("\n");
    expect(everything).not.toContain(EMAIL);
    expect(everything).not.toContain("victim.person");
    expect(everything).not.toContain("from=");
  } finally {
    await server.close();
    await sentry.close();
  }
});

test("without SENTRY_DSN the pages carry no report settings (nothing can be sent)", async () => {
  const server = await startSeededServer({}, "no-sentry");
  try {
    server.database.$client.exec("ALTER TABLE events RENAME TO events_gone");
    expect((await fetch(`${server.url}/?q=x`)).status).toBe(500);
    const html = await (await fetch(`${server.url}/about`)).text();
    expect(html).toContain('"errorReports":null');
  } finally {
    await server.close();
  }
});
