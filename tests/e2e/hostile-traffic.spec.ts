import net from "node:net";
import { E2E_ENV } from "../support/env";
import { insertShow } from "../support/shows";
import { signInAsStaff } from "../support/staff";
import { createRound, closeTestRound, uniq } from "../support/voting";
import { expect, test } from "./fixtures";

/**
 * Issue 13, server half: what a stranger can send, each class at test size (npm run attack
 * runs them at full size). Every one of these failed on the code before the fix:
 * a 240 KB post of repeated empty fields kept the event loop busy for over a minute; HEAD
 * blanked the cached page; q=0 was ignored; malformed targets and Host answered 500; a tab
 * in redirectTo led off-site; one cookie held any number of live streams.
 */

/** Sends one request verbatim (fetch would normalise what an attacker does not). */
function raw(baseURL: string, head: string, body = ""): Promise<{ status: number; text: string }> {
  const port = Number(new URL(baseURL).port);
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error("timeout")));
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
    socket.write(`${head}Connection: close\r\n\r\n${body}`);
  });
}

test.describe("HTTP-level hostile traffic", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "HTTP only: runs once");

  test("a post of thousands of repeated empty fields is refused at once and never stalls the server", async ({
    request,
    baseURL,
    db,
  }) => {
    test.setTimeout(60_000);
    const show = insertShow(db, {
      title: `Hostile ${uniq()}`,
      date: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      venue: "Test",
      acceptsApplications: true,
    });
    const origin = new URL(baseURL!).origin;
    const body = "a=&".repeat(80_000); // 240 KB
    for (const path of ["/contact", "/merch", "/booking", `/event/${show.id}/apply`]) {
      const started = Date.now();
      const [answer, health] = await Promise.all([
        request.post(path, {
          data: body,
          headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
          failOnStatusCode: false,
          maxRedirects: 0,
        }),
        request.get("/healthcheck", { timeout: 5_000 }),
      ]);
      expect(answer.status(), path).toBe(400);
      expect(health.status()).toBe(200);
      expect(Date.now() - started, `${path} answered within 2 s`).toBeLessThan(2_000);
    }
    // A field repeated a few times (under the count bound) is refused as a duplicate, nothing stored.
    const twice = await request.post("/contact", {
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      failOnStatusCode: false,
      maxRedirects: 0,
      data: "name=A&name=B&email=dup%40example.com&subject=s&message=m",
    });
    expect(twice.status()).toBe(400);
    expect((await request.get("/healthcheck")).status()).toBe(200);
  });

  test("HEAD answers like GET without a body and never blanks the cached page", async ({ request }) => {
    const path = `/calendar?hostile=${uniq()}`;
    const head = await request.head(path);
    expect(head.status()).toBe(200);
    expect(await head.body()).toHaveLength(0);
    for (let i = 0; i < 2; i++) {
      const get = await request.get(path);
      expect(get.status()).toBe(200);
      expect((await get.text()).length, "the page after a HEAD has its body").toBeGreaterThan(1000);
    }
  });

  test("Accept-Encoding q=0 is honoured by the page cache", async ({ request }) => {
    for (let i = 0; i < 2; i++) {
      const res = await request.get("/", { headers: { "Accept-Encoding": "br;q=0, gzip;q=0, identity" } });
      expect(res.headers()["content-encoding"], `request ${i + 1}`).toBeUndefined();
      expect((await res.text()).length).toBeGreaterThan(1000);
    }
    const gzipOnly = await request.get("/", { headers: { "Accept-Encoding": "br;q=0, gzip" } });
    expect(gzipOnly.headers()["content-encoding"]).toBe("gzip");
  });

  test("malformed requests are answered 400 before the app, never 500", async ({ baseURL }) => {
    const host = new URL(baseURL!).host;
    const cases = [
      `GET /%FF HTTP/1.1\r\nHost: ${host}\r\n`,
      `GET /event/%E0%A4%A HTTP/1.1\r\nHost: ${host}\r\n`,
      `GET http://evil.example/ HTTP/1.1\r\nHost: ${host}\r\n`,
      `GET http://${host}/ HTTP/1.1\r\nHost: ${host}\r\n`,
      `OPTIONS * HTTP/1.1\r\nHost: ${host}\r\n`,
      `GET / HTTP/1.1\r\nHost: a@evil.example\r\n`,
      `GET / HTTP/1.1\r\nHost: ${host.toUpperCase().replace("127.0.0.1", "LocalHost")}\r\n`,
      `GET / HTTP/1.1\r\nHost: 127.0.0.1:99999\r\n`,
      `GET / HTTP/1.1\r\nHost: \r\n`,
      `GET /calendar?q=%00 HTTP/1.1\r\nHost: ${host}\r\n`,
      `GET /?q=a%0Ab HTTP/1.1\r\nHost: ${host}\r\n`,
      `GET /calendar?venue=%1B[31m HTTP/1.1\r\nHost: ${host}\r\n`,
      `GET /calendar?q=%FF HTTP/1.1\r\nHost: ${host}\r\n`,
    ];
    for (const head of cases) {
      const answer = await raw(baseURL!, head);
      expect(answer.status, head.split("\r\n").slice(0, 2).join(" | ")).toBe(400);
    }
    // Ordinary requests still work.
    expect(
      (await raw(baseURL!, `GET /calendar?q=caf%C3%A9+night HTTP/1.1\r\nHost: ${host}\r\n`)).status,
    ).toBe(200);
  });

  test("the paths answered before Express (/healthcheck, /vote, vote posts) take every step of the pipeline", async ({
    baseURL,
  }) => {
    const host = new URL(baseURL!).host;
    const manyFields = Array(700).fill("a=1").join("&");
    const form = `Origin: ${baseURL}\r\nContent-Type: application/x-www-form-urlencoded\r\n`;
    const cases: [string, number, string?][] = [
      [`GET /healthcheck?%FF HTTP/1.1\r\nHost: ${host}\r\n`, 400],
      [`GET /healthcheck HTTP/1.1\r\nHost: a@evil.example\r\n`, 400],
      [`GET /vote?round=%E0%A4%A HTTP/1.1\r\nHost: ${host}\r\n`, 400],
      [`POST /vote HTTP/1.1\r\nHost: ${host}\r\n${form}Content-Length: 2000000\r\n`, 413],
      [
        `POST /vote HTTP/1.1\r\nHost: ${host}\r\nOrigin: https://evil.example\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n`,
        403,
        "a=1",
      ],
      [
        `POST /vote/submit HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n`,
        403,
        "a=1",
      ],
      [
        `POST /vote HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${baseURL}\r\nContent-Type: text/plain\r\nContent-Length: 3\r\n`,
        415,
        "a=1",
      ],
      [
        `POST /vote HTTP/1.1\r\nHost: ${host}\r\n${form}Transfer-Encoding: chunked\r\n`,
        411,
        "3\r\na=1\r\n0\r\n\r\n",
      ],
      [
        `POST /vote HTTP/1.1\r\nHost: ${host}\r\n${form}Content-Length: ${manyFields.length}\r\n`,
        400,
        manyFields,
      ],
    ];
    for (const [head, status, body] of cases) {
      const answer = await raw(baseURL!, head, body);
      expect(answer.status, head.split("\r\n").slice(0, 3).join(" | ")).toBe(status);
      expect(answer.text, head).toMatch(/content-security-policy: [^\r]*'nonce-/i);
    }
    // Any case and a trailing slash, as before; HEAD without a body.
    const upper = await raw(baseURL!, `GET /HealthCheck/ HTTP/1.1\r\nHost: ${host}\r\n`);
    expect(upper.status).toBe(200);
    expect(upper.text).toMatch(/\r\n\r\nOK$/);
    const head = await raw(baseURL!, `HEAD /healthcheck HTTP/1.1\r\nHost: ${host}\r\n`);
    expect(head.status).toBe(200);
    expect(head.text).toMatch(/content-length: 2\r\n/i);
    expect(head.text).toMatch(/\r\n\r\n$/);
  });

  test("staff, inbox and gate pages are never stored by caches", async ({
    request,
    context,
    db,
    baseURL,
  }) => {
    for (const path of ["/booking", "/results", "/admin/login"]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.headers()["cache-control"] ?? "", path).toContain("no-store");
    }
    await signInAsStaff(context, db, baseURL!);
    for (const path of [
      "/admin",
      "/admin/messages",
      "/admin/applications",
      "/admin/newsletter",
      "/",
      "/calendar",
    ]) {
      const res = await context.request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()["cache-control"] ?? "", path).toContain("no-store");
    }
  });

  test("one gate cookie holds at most 3 live streams; reopening in a loop is answered 429 with Retry-After", async ({
    request,
    baseURL,
    db,
  }) => {
    test.setTimeout(60_000);
    const round = createRound(db, `Stream cap ${uniq()}`, [{ name: "Ava" }]);
    try {
      const origin = new URL(baseURL!).origin;
      const unlock = await request.post("/results", {
        form: { password: E2E_ENV.RESULTS_PASSWORD },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      expect(unlock.status()).toBe(302);
      const cookie = unlock.headers()["set-cookie"].split(";")[0];
      const host = new URL(baseURL!).host;
      const sockets: net.Socket[] = [];
      const statuses: number[] = [];
      const ended = new Set<net.Socket>();
      for (let i = 0; i < 40; i++) {
        const socket = net.connect(Number(new URL(baseURL!).port), "127.0.0.1");
        sockets.push(socket);
        const status = await new Promise<number>((resolve) => {
          let seen = "";
          socket.on("data", (c) => {
            seen += c.toString("latin1");
            // The server ended this response (the chunked terminator) or the connection.
            if (seen.includes("\r\n0\r\n\r\n")) ended.add(socket);
            const m = /^HTTP\/1\.1 (\d{3})/.exec(seen);
            if (m) resolve(Number(m[1]));
          });
          socket.on("close", () => {
            ended.add(socket);
            resolve(0);
          });
          socket.on("error", () => {});
          socket.write(
            `GET /results/stream?round=${round.roundId} HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\n\r\n`,
          );
        });
        statuses.push(status);
      }
      await new Promise((r) => setTimeout(r, 500));
      // The server closed every stream but the newest 3 (the 429 answers keep their keep-alive sockets).
      const streamsOpen = sockets.slice(0, 30).filter((s) => !ended.has(s)).length;
      expect(statuses.filter((s) => s === 200).length).toBe(30);
      expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
      expect(streamsOpen, "streams still open on one session").toBeLessThanOrEqual(3);
      const retry = await request.get(`/results/stream?round=${round.roundId}`, {
        headers: { Cookie: cookie },
      });
      expect(retry.status()).toBe(429);
      expect(Number(retry.headers()["retry-after"])).toBeGreaterThan(0);
      for (const s of sockets) s.destroy();
    } finally {
      closeTestRound(db, round.roundId);
    }
  });

  test("a login with a hostile redirectTo never leaves the site", async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    for (const to of [
      "/\t/evil.example",
      "/%09/evil.example",
      "/%5Cevil.example",
      "/%2F/evil.example",
      "/\u0000/evil.example",
    ]) {
      const res = await request.post("/admin/login", {
        form: { username: E2E_ENV.ADMIN_USERNAME, password: E2E_ENV.ADMIN_PASSWORD, redirectTo: to },
        headers: { Origin: origin },
        maxRedirects: 0,
        failOnStatusCode: false,
      });
      expect(res.status(), JSON.stringify(to)).toBe(302);
      expect(new URL(res.headers().location, origin).origin, JSON.stringify(to)).toBe(origin);
    }
  });
});

test("a signed-in visit to the login page with a hostile redirectTo stays on the site", async ({
  page,
  context,
  db,
  baseURL,
}) => {
  await signInAsStaff(context, db, baseURL!);
  const origin = new URL(baseURL!).origin;
  // A backslash or an encoded slash: the login page's redirect falls back to /admin.
  for (const to of ["/\\evil.example/", "/%2F/evil.example/", "/%5Cevil.example/"]) {
    await page.goto(`/admin/login?redirectTo=${encodeURIComponent(to)}`);
    expect(new URL(page.url()).origin, to).toBe(origin);
    expect(new URL(page.url()).pathname, to).toBe("/admin");
  }
  // A tab in the query is a control character: refused 400 by the server, still on the site.
  const answer = await page.goto(`/admin/login?redirectTo=${encodeURIComponent("/\t/evil.example/")}`);
  expect(answer?.status()).toBe(400);
  expect(new URL(page.url()).origin).toBe(origin);
});
