/**
 * npm run attack — hostile traffic against the production build, each class at full size,
 * on a free 127.0.0.1 port against a temporary database (loopback only; every class is
 * bounded in count and time and the whole run gives up after ATTACK_SECONDS).
 *
 * Per class it prints what was sent and how the server held: /healthcheck latency (p99 and
 * worst) measured WHILE the class runs, the server's resident memory, the answers it got.
 * At the end: no 500 in the server log, nothing stored that should not be, RSS bounded.
 * A class fails when a probe fails or /healthcheck p99 is over P99_LIMIT_MS; a baseline p99
 * (no attack) is printed first, since the machine is shared.
 *
 * Adding a class: append an object to ATTACKS (see `AttackClass`). `--only a,b` runs some;
 * `--quick` runs each class at a small size (a smoke run). `--app DIR` attacks another
 * checkout's build (its build/ and drizzle/, e.g. the commit before a fix) with these classes.
 *
 * The server runs as production does behind Fly's proxy (TRUST_PROXY=true: a class may come
 * from many addresses with Fly-Client-IP), with a DNS rebinding hook for `*.rebind.test`
 * (scripts/lib/rebinding-dns.mjs). At the end: 0 answers 5xx and 0 lines at error level.
 */
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import { staffUsers } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import { hashPassword } from "~/models/staff.server";
import { openDatabase } from "~/utils/db.server";
import { tempDatabase } from "../tests/support/db";
import { LOAD_ENV, staffOf } from "../tests/support/env";
import { FORMS, formFields, loginFields, postForm } from "../tests/support/forms";
import { eventually, hasExited, startLoadServer, stopServer, type Server } from "../tests/support/server";
import { insertShow } from "../tests/support/shows";
import { cookieHeader } from "../tests/support/staff";
import { createRound } from "../tests/support/voting";
import type { AttackClass, AttackContext, AttackResult, StoredTable } from "./lib/attack-kit";
import { AUTH_ATTACKS } from "./lib/auth-attacks";
import { giveUpAfter, percentile, requireBuild, rssMiB } from "./lib/harness";
import { STRANGER_ATTACKS } from "./lib/stranger-attacks";

/** The staff account the scripts' server is started with (tests/support/env.ts). */
const STAFF = staffOf(LOAD_ENV);
const ATTACK_SECONDS = 420;
/**
 * A class fails when a /healthcheck probe fails (no answer in 5 s) or the p99 is over this.
 * Generous on purpose: the development machine is shared (load averages of 10–30 on 2 cores
 * were seen), and the baseline printed first says how much of a p99 is the machine's.
 */
const P99_LIMIT_MS = 3_000;
const args = process.argv.slice(2);
const QUICK = args.includes("--quick");
// `--app DIR`: the server of another checkout (its build and migrations), same classes.
const APP =
  args.find((a) => a.startsWith("--app="))?.split("=")[1] ??
  (args.includes("--app") ? args[args.indexOf("--app") + 1] : undefined);
if (APP) {
  process.env.APP_DIR = path.resolve(APP);
  process.env.MIGRATIONS_FOLDER = path.resolve(APP, "drizzle");
}
// `--auth` (npm run attack:auth): the auth and voting classes only.
const only = args.includes("--auth")
  ? AUTH_ATTACKS.map((a) => a.name).join(",")
  : (args.find((a) => a.startsWith("--only"))?.split("=")[1] ??
    (args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined));

// ---------- small raw-HTTP helpers (fetch normalises what an attacker would not) ----------

type RawAnswer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
  error?: string;
};

/** Sends one request verbatim over a socket (any request line, any Host) and reads the answer. */
function rawRequest(
  port: number,
  head: string,
  body: Buffer | string = "",
  timeoutMs = 10_000,
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const finish = (error?: string) => {
      socket.destroy();
      const text = Buffer.concat(chunks);
      const headEnd = text.indexOf("\r\n\r\n");
      const headText = text.subarray(0, headEnd < 0 ? text.length : headEnd).toString("latin1");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(headText)?.[1] ?? 0);
      const headers: http.IncomingHttpHeaders = {};
      for (const line of headText.split("\r\n").slice(1)) {
        const i = line.indexOf(":");
        if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({
        status,
        headers,
        body: headEnd < 0 ? Buffer.alloc(0) : text.subarray(headEnd + 4),
        ms: performance.now() - started,
        error,
      });
    };
    const timer = setTimeout(() => finish("timeout"), timeoutMs);
    socket.on("data", (c) => {
      chunks.push(c);
      const t = Buffer.concat(chunks).toString("latin1");
      const headEnd = t.indexOf("\r\n\r\n");
      if (headEnd < 0) return;
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(t.slice(0, headEnd))?.[1];
      if (
        /^HTTP\/1\.[01] \d{3}/.test(t) &&
        (length === undefined
          ? /\r\n0\r\n\r\n$/.test(t) || /^HEAD /.test(head)
          : t.length - headEnd - 4 >= Number(length))
      ) {
        clearTimeout(timer);
        finish();
      }
    });
    socket.on("end", () => {
      clearTimeout(timer);
      finish();
    });
    // The server may answer and close while the body is still being written (a 413 on the
    // declared length): the write error is noted, and the answer read until the socket closes.
    let writeError: string | undefined;
    socket.on("error", (e) => {
      writeError = e.message;
    });
    socket.on("close", () => {
      clearTimeout(timer);
      finish(
        /^HTTP\/1\.[01] \d{3}/.test(Buffer.concat(chunks).toString("latin1"))
          ? undefined
          : (writeError ?? "closed without an answer"),
      );
    });
    socket.write(head);
    if (body.length) socket.write(body, () => {});
  });
}

/** /healthcheck polled every 100 ms while a class runs; answers its latencies (timeouts count as the timeout). */
function probeHealth(base: string) {
  const latencies: number[] = [];
  let failures = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/healthcheck`, { signal: AbortSignal.timeout(5_000) });
        await res.arrayBuffer();
        if (!res.ok) failures++;
      } catch {
        failures++;
      }
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return { latencies, failures };
  };
}

function rssSampler(server: () => Server) {
  let max = 0;
  const timer = setInterval(() => {
    const rss = rssMiB(server().child.pid);
    if (rss && rss > max) max = rss;
  }, 100);
  return () => {
    clearInterval(timer);
    return max;
  };
}

// ---------- the classes ----------

/** Item 1: many repeated empty fields in one form post. */
const postStall: AttackClass = {
  name: "post-stall",
  item: "1: one POST of repeated empty fields stalls the server",
  async run(ctx) {
    const sizes = ctx.quick ? [240_000] : [240_000, 1_000_000];
    const targets = ctx.quick
      ? ["/contact"]
      : ["/contact", "/merch", "/booking", `/event/${ctx.eventId}/apply`];
    const observed: string[] = [];
    const problems: string[] = [];
    for (const size of sizes) {
      for (const target of size === 1_000_000 ? ["/contact"] : targets) {
        const body = "a=&".repeat(Math.floor(size / 3));
        const answer = await rawRequest(
          new URL(ctx.base).port as unknown as number,
          `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${new URL(ctx.base).port}\r\nOrigin: ${ctx.base}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
          body,
          30_000,
        );
        observed.push(
          `${target} ${Math.round(body.length / 1000)} KB: ${answer.error ?? answer.status} in ${Math.round(answer.ms)} ms`,
        );
        if (answer.status >= 500 || answer.error)
          problems.push(
            `${target} ${Math.round(body.length / 1000)} KB answered ${answer.error ?? answer.status}`,
          );
        // A stalled event loop keeps working after the client left: wait (bounded) until it answers again.
        const back = performance.now();
        let ok = false;
        while (performance.now() - back < 60_000 && !hasExited(ctx.server())) {
          try {
            if ((await fetch(`${ctx.base}/healthcheck`, { signal: AbortSignal.timeout(2_000) })).ok) {
              ok = true;
              break;
            }
          } catch {
            /* still busy */
          }
        }
        const busy = Math.round(performance.now() - back);
        if (!ok) {
          problems.push(`still busy 60 s after ${target} ${Math.round(body.length / 1000)} KB`);
          return { sent: `POST a=&a=&... to ${targets.join(", ")}`, observed, problems };
        }
        if (busy > 1_000) observed.push(`  server busy ${busy} ms more after the answer`);
      }
    }
    // Then sustained: the same posts over and over, 10 at a time, while /healthcheck is probed.
    const repeats = ctx.quick ? 20 : 400;
    const port = Number(new URL(ctx.base).port);
    const statuses = new Map<string, number>();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < repeats && performance.now() - started < 60_000) {
          const i = next++;
          const target = i % 10 === 9 ? "/contact" : targets[i % targets.length];
          const body = "a=&".repeat(Math.floor((i % 10 === 9 ? 1_000_000 : 240_000) / 3));
          const a = await rawRequest(
            port,
            `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${ctx.base}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
            body,
            30_000,
          );
          const k = a.error ?? String(a.status);
          statuses.set(k, (statuses.get(k) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    observed.push(
      `sustained: ${next} posts (240 KB, every tenth 1 MB) in ${seconds.toFixed(1)} s, 10 at a time: ${[...statuses].map(([k, v]) => `${k}×${v}`).join(", ")}`,
    );
    for (const k of statuses.keys()) if (!/^4\d\d$/.test(k)) problems.push(`sustained posts answered ${k}`);
    return {
      sent: `POST bodies of a=&a=&... (${sizes.map((s) => `${s / 1000} KB`).join(", ")}) to ${targets.join(", ")}, then ${repeats} more, 10 at a time`,
      observed,
      problems,
    };
  },
};

/** Item 2 and 12: HEAD then GET from the page cache; q=0 in Accept-Encoding. */
const headCache: AttackClass = {
  name: "head-cache",
  item: "2, 12: HEAD blanks cached pages; q=0 ignored in Accept-Encoding",
  async run(ctx) {
    const observed: string[] = [];
    const problems: string[] = [];
    const rounds = ctx.quick ? 3 : 50;
    let blank = 0;
    for (let i = 0; i < rounds; i++) {
      const path = i % 2 ? "/" : "/calendar";
      await (await fetch(`${ctx.base}${path}?head=${i}`, { method: "HEAD" })).arrayBuffer();
      const get = await fetch(`${ctx.base}${path}?head=${i}`);
      const body = await get.text();
      if (get.status === 200 && body.length === 0) blank++;
    }
    observed.push(`${rounds} HEAD-then-GET pairs: ${blank} GETs answered 200 with an empty body`);
    if (blank) problems.push(`${blank} blank pages after HEAD`);
    const port = Number(new URL(ctx.base).port);
    await rawRequest(port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    const refused = await rawRequest(
      port,
      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: br;q=0, gzip;q=0, identity\r\nConnection: close\r\n\r\n",
    );
    const enc = refused.headers["content-encoding"] ?? "identity";
    observed.push(`Accept-Encoding "br;q=0, gzip;q=0, identity" answered with ${enc}`);
    if (enc !== "identity") problems.push(`q=0 ignored (sent ${enc})`);
    const head = await rawRequest(port, "HEAD / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    observed.push(
      `HEAD / answered ${head.status}, Content-Length ${head.headers["content-length"] ?? "none"}`,
    );
    return {
      sent: `${rounds} HEAD+GET pairs on / and /calendar; one GET with q=0 for br and gzip`,
      observed,
      problems,
    };
  },
};

/** Item 7: thousands of live-results streams on one gate cookie. */
const streamFlood: AttackClass = {
  name: "stream-flood",
  item: "7: live-results streams exhaust memory",
  async run(ctx) {
    const count = ctx.quick ? 200 : 2_000;
    const unlock = await postForm(
      ctx.base,
      "/results",
      formFields(FORMS.resultsGate, { password: LOAD_ENV.RESULTS_PASSWORD }),
    );
    await unlock.arrayBuffer();
    const cookie = cookieHeader(unlock);
    const port = Number(new URL(ctx.base).port);
    const statuses = new Map<string, number>();
    const sockets: http.ClientRequest[] = [];
    const rssBefore = rssMiB(ctx.server().child.pid) ?? 0;
    let opened = 0;
    let endedByServer = 0;
    const deadline = Date.now() + 45_000;
    const openOne = () =>
      new Promise<void>((resolve) => {
        const req = http.get(
          {
            host: "127.0.0.1",
            port,
            path: `/results/stream?round=${ctx.roundId}`,
            headers: { Cookie: cookie },
            agent: false,
          },
          (res) => {
            const key = String(res.statusCode);
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
            if (res.statusCode === 200) {
              opened++;
              res.on("end", () => endedByServer++);
            }
            res.on("data", () => {});
            res.on("error", () => {});
            resolve();
          },
        );
        req.on("error", (e) => {
          statuses.set(e.message, (statuses.get(e.message) ?? 0) + 1);
          resolve();
        });
        req.setTimeout(5_000, () => req.destroy(new Error("timeout")));
        sockets.push(req);
      });
    // 50 at a time, as fast as the server answers.
    for (let i = 0; i < count && Date.now() < deadline && !hasExited(ctx.server()); i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, count - i) }, openOne));
    }
    await new Promise((r) => setTimeout(r, 2_000));
    const rssOpen = rssMiB(ctx.server().child.pid) ?? 0;
    const alive = !hasExited(ctx.server());
    for (const s of sockets) s.destroy();
    await new Promise((r) => setTimeout(r, 1_000));
    const observed = [
      `answers: ${[...statuses].map(([k, v]) => `${k}×${v}`).join(", ")}`,
      `streams answered 200: ${opened}, closed by the server since: ${endedByServer}, still open: ${opened - endedByServer}; RSS ${rssBefore} → ${rssOpen} MiB; server ${alive ? "alive" : "DIED"}`,
    ];
    const problems: string[] = [];
    if (!alive) problems.push("the server died");
    if (opened - endedByServer > 10)
      problems.push(`${opened - endedByServer} streams held open on one session`);
    if (rssOpen - rssBefore > 40) problems.push(`RSS grew ${Math.round(rssOpen - rssBefore)} MiB`);
    return { sent: `${count} GET /results/stream on one gate cookie, held open`, observed, problems };
  },
};

/** Item 8: open redirect after login. */
const loginRedirect: AttackClass = {
  name: "login-redirect",
  item: "8: open redirect after login",
  async run(ctx) {
    const targets = [
      "/\t/evil.example",
      "/\n/evil.example",
      "/%09/evil.example",
      "/\\evil.example",
      "/%5Cevil.example",
      "/%2F/evil.example",
      "//evil.example",
      "https://evil.example/",
      "/\u0000/evil.example",
    ];
    const observed: string[] = [];
    const problems: string[] = [];
    for (const to of targets) {
      const res = await postForm(ctx.base, "/admin/login", loginFields(STAFF.username, STAFF.password, to));
      await res.arrayBuffer();
      const location = res.headers.get("location") ?? "";
      // What a browser does with it: WHATWG URL parsing strips tabs/newlines, turns \ into /.
      let origin = "";
      try {
        origin = new URL(location, ctx.base).origin;
      } catch {
        origin = "invalid";
      }
      observed.push(`${JSON.stringify(to)} → ${res.status} ${JSON.stringify(location)}`);
      if (origin !== ctx.base) problems.push(`${JSON.stringify(to)} leads off-site (${location})`);
    }
    return { sent: `${targets.length} staff logins with hostile redirectTo values`, observed, problems };
  },
};

/** Item 9: outbound fetch to special-purpose addresses, and a redirect loop. */
const outbound: AttackClass = {
  name: "outbound-fetch",
  item: "9: outbound fetch gaps",
  async run(ctx) {
    const cookie = await ctx.staffCookie();
    const urls = [
      "http://192.0.2.1/",
      "http://198.51.100.7/",
      "http://203.0.113.9/",
      "http://198.18.0.1/",
      "http://[::ffff:192.0.2.1]/",
      "http://[2001:db8::1]/",
      "http://100.64.0.1/",
      "http://240.0.0.1/",
    ];
    const observed: string[] = [];
    const problems: string[] = [];
    const answers = await Promise.all(
      urls.map(async (u) => {
        const started = performance.now();
        // The load-from-URL button's own fields (no schema: the route reads them before the form's).
        const res = await postForm(
          ctx.base,
          "/admin/events/new",
          { intent: "load-url", sourceUrl: u },
          { cookie, signal: AbortSignal.timeout(30_000) },
        ).catch((e: Error) => ({ status: 0, text: async () => e.message }) as unknown as Response);
        await res.text();
        return { u, status: res.status, ms: performance.now() - started };
      }),
    );
    // The server logs why each lookup failed: refused by the address rules, or tried (and
    // failed to connect, nothing routes there from here: in production it would have gone out).
    // Its lines are written off the request's path, so one may land a moment after the answer.
    const lookupLines = () =>
      fs
        .readFileSync(ctx.server().log, "utf8")
        .split("\n")
        .filter((l) => l.includes("event lookup failed"));
    const loggedEach = (lines: string[]) =>
      answers.every((a) => lines.some((l) => l.includes(`"url":"${a.u}"`)));
    // A line still missing after 2 s is reported below as a lookup that was not refused.
    await eventually(() => loggedEach(lookupLines()), "the lookups' log lines", 2_000).catch(() => {});
    const log = lookupLines();
    for (const a of answers) {
      const line = log.filter((l) => l.includes(`"url":"${a.u}"`)).pop() ?? "";
      const refused = /Only public addresses|cannot be fetched/.test(line);
      observed.push(
        `load-from-URL ${a.u}: ${a.status} in ${Math.round(a.ms)} ms, ${refused ? "refused by the address rules" : "FETCH ATTEMPTED"}`,
      );
      if (!refused) problems.push(`${a.u} was fetched`);
    }
    ctx.loop.reset();
    const started = performance.now();
    const res = await fetch(`${ctx.base}/booking`, {
      headers: { Cookie: cookie },
      signal: AbortSignal.timeout(60_000),
    }).catch(() => null);
    await res?.arrayBuffer();
    const hops = ctx.loop.hops();
    observed.push(
      `configured booking sheet URL answering a redirect loop: ${hops} requests followed (/booking ${res?.status ?? "no answer"} in ${Math.round(performance.now() - started)} ms)`,
    );
    if (hops > 6) problems.push(`${hops} redirect hops followed`);
    if (hops === 0) problems.push("the configured sheet URL on loopback was not fetched at all");
    return {
      sent: `${urls.length} staff "load from URL" posts at special-purpose addresses; /booking with a looping sheet URL`,
      observed,
      problems,
    };
  },
};

/** Item 11: malformed request targets and headers. */
const malformed: AttackClass = {
  name: "malformed",
  item: "11: 500s on malformed requests",
  async run(ctx) {
    const port = Number(new URL(ctx.base).port);
    const cases: [string, string][] = [
      ["/%FF", "GET /%FF HTTP/1.1\r\nHost: 127.0.0.1\r\n"],
      ["/event/%E0%A4%A", "GET /event/%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\n"],
      ["/calendar?q=%FF", "GET /calendar?q=%FF HTTP/1.1\r\nHost: 127.0.0.1\r\n"],
      ["absolute-form target", "GET http://evil.example/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"],
      ["absolute-form, same host", `GET http://127.0.0.1:${port}/ HTTP/1.1\r\nHost: 127.0.0.1\r\n`],
      ["Host with a path", "GET / HTTP/1.1\r\nHost: evil.example/x\r\n"],
      ["Host with user info", "GET / HTTP/1.1\r\nHost: a@evil.example\r\n"],
      ["Host mixed case", "GET / HTTP/1.1\r\nHost: LocalHost\r\n"],
      ["Host with a bad port", "GET / HTTP/1.1\r\nHost: 127.0.0.1:99999\r\n"],
      ["Host empty", "GET / HTTP/1.1\r\nHost: \r\n"],
      ["OPTIONS *", "OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\n"],
      ["control char in query (%00)", "GET /calendar?q=%00 HTTP/1.1\r\nHost: 127.0.0.1\r\n"],
      ["control char in query (%0A)", "GET /?q=a%0Ab HTTP/1.1\r\nHost: 127.0.0.1\r\n"],
      ["control char in query (%1B)", "GET /calendar?venue=%1B[31m HTTP/1.1\r\nHost: 127.0.0.1\r\n"],
      ["path with %00", "GET /about%00 HTTP/1.1\r\nHost: 127.0.0.1\r\n"],
      ["path with backslash", "GET /\\evil.example HTTP/1.1\r\nHost: 127.0.0.1\r\n"],
      ["very long query", `GET /?q=${"a".repeat(9000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n`],
    ];
    const repeat = ctx.quick ? 1 : 20;
    const observed: string[] = [];
    const problems: string[] = [];
    for (const [label, head] of cases) {
      const seen = new Map<string, number>();
      for (let i = 0; i < repeat; i++) {
        const a = await rawRequest(port, `${head}Connection: close\r\n\r\n`);
        const k = a.error ? a.error : String(a.status);
        seen.set(k, (seen.get(k) ?? 0) + 1);
      }
      const line = [...seen].map(([k, v]) => (repeat > 1 ? `${k}×${v}` : k)).join(", ");
      observed.push(`${label}: ${line}`);
      if ([...seen.keys()].some((k) => k.startsWith("5") || k === "timeout"))
        problems.push(`${label} answered ${line}`);
    }
    return { sent: `${cases.length} malformed requests × ${repeat}`, observed, problems };
  },
};

/** The classes, in order. i13-auth's classes (login, gates, votes) go in this list too. */
// The auth and voting classes (scripts/lib/auth-attacks.ts) run last: their guesses spend the gate budgets.
export const ATTACKS: AttackClass[] = [
  malformed,
  headCache,
  loginRedirect,
  outbound,
  streamFlood,
  postStall,
  ...STRANGER_ATTACKS,
  ...AUTH_ATTACKS,
];

// ---------- the run ----------

async function main() {
  if (!APP) requireBuild();
  // A loopback server answering every request with a redirect to itself (the sheet URL).
  let hops = 0;
  const loopServer = http.createServer((req, res) => {
    hops++;
    if (hops > 200) {
      res.writeHead(500).end();
      return;
    }
    res.writeHead(302, { Location: `/loop/${hops}` }).end();
  });
  await new Promise<void>((r) => loopServer.listen(0, "127.0.0.1", r));
  const loopUrl = `http://127.0.0.1:${(loopServer.address() as net.AddressInfo).port}/loop`;

  // Two staff accounts: the one the classes sign in with, and one the login classes lock.
  const victim = { username: "victim", password: "victim-password-0123" };
  const hashes = { admin: await hashPassword(STAFF.password), victim: await hashPassword(victim.password) };
  const { dir, file, data } = tempDatabase("attack", (database) => {
    const today = todayIn();
    const event = insertShow(database, {
      title: "Attack Night",
      date: addDaysIso(today, 20),
      time: "20:00",
      venue: "Attack Hall",
      ticketUrl: "https://tickets.example.com/a",
      acceptsApplications: true,
    });
    const soldOut = insertShow(database, {
      title: "Sold Out Night",
      date: addDaysIso(today, 21),
      time: "20:00",
      venue: "Attack Hall",
      ticketUrl: "https://tickets.example.com/s",
      soldOut: true,
    });
    database
      .insert(staffUsers)
      .values([
        { username: STAFF.username, passwordHash: hashes.admin },
        { username: victim.username, passwordHash: hashes.victim },
      ])
      .run();
    const round = createRound(database, "Attack round", [
      { name: "Ava Attack" },
      { name: "Ben Attack" },
      { name: "Cy Attack" },
    ]);
    return { eventId: event.id, roundId: round.roundId, soldOutEventId: soldOut.id };
  });
  const env = {
    BOOKING_SHEET_URL: loopUrl,
    LOG_LEVEL: "info",
    TRUST_PROXY: "true",
    NODE_OPTIONS: `--import ${url.pathToFileURL(path.resolve("scripts/lib/rebinding-dns.mjs")).href}`,
  };
  let server = await startLoadServer(file, dir, { env });
  const disarm = giveUpAfter("npm run attack", ATTACK_SECONDS, () => server);
  let staffCookie = "";
  const ctx: AttackContext = {
    base: server.base,
    server: () => server,
    quick: QUICK,
    eventId: data.eventId,
    roundId: data.roundId,
    loop: { url: loopUrl, hops: () => hops, reset: () => (hops = 0) },
    dbFile: file,
    soldOutEventId: data.soldOutEventId,
    victim,
    staffCookie: async () => {
      if (!staffCookie) {
        const res = await postForm(server.base, "/admin/login", loginFields(STAFF.username, STAFF.password));
        await res.arrayBuffer();
        staffCookie = cookieHeader(res);
      }
      return staffCookie;
    },
  };
  // Plain SQL: the schema of whichever build is attacked (--app).
  const counts = () => {
    const database = openDatabase(file);
    const n = (table: string) =>
      (database.$client.prepare(`select count(*) n from ${table}`).get() as { n: number }).n;
    try {
      return {
        contact: n("contact_messages"),
        applications: n("contestant_applications"),
        newsletter: n("newsletter_signups"),
        votes: n("votes"),
      };
    } finally {
      database.$client.close();
    }
  };
  const storedBefore = counts();
  let storedSoFar = storedBefore;
  // /healthcheck with nothing else running: the machine's own noise (it is shared).
  const stopBaseline = probeHealth(server.base);
  await new Promise((r) => setTimeout(r, QUICK ? 1_000 : 5_000));
  const baseline = await stopBaseline();
  const baselineP99 = percentile(baseline.latencies, 99);
  console.log(
    `baseline (no attack, ${QUICK ? 1 : 5} s): /healthcheck p99 ${baselineP99.toFixed(0)} ms over ${baseline.latencies.length} probes; RSS ${rssMiB(server.child.pid)} MiB; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
  );
  const chosen = ATTACKS.filter((a) => !only || only.split(",").includes(a.name));
  let failed = false;
  const summary: string[] = [];
  for (const attack of chosen) {
    if (hasExited(server)) {
      console.log("(the server had died: starting it again for the next class)");
      server = await startLoadServer(file, dir, { env, port: server.port });
      staffCookie = "";
    }
    const stopProbe = probeHealth(server.base);
    const stopRss = rssSampler(() => server);
    const started = performance.now();
    let result: AttackResult;
    try {
      result = await attack.run(ctx);
    } catch (error) {
      result = { sent: "(the class threw)", observed: [], problems: [String(error)] };
    }
    const seconds = (performance.now() - started) / 1000;
    // Nothing is stored by an attack, but for the rows a class stores on purpose (mayStore).
    const storedNow = counts();
    for (const table of Object.keys(storedNow) as StoredTable[]) {
      const added = storedNow[table] - storedSoFar[table];
      if (added && !attack.mayStore?.includes(table)) result.problems.push(`${added} ${table} row(s) stored`);
    }
    storedSoFar = storedNow;
    const health = await stopProbe();
    const rss = stopRss();
    const p99 = percentile(health.latencies, 99);
    const worst = Math.max(0, ...health.latencies);
    console.log(`\n== ${attack.name} (issue item ${attack.item}) — ${seconds.toFixed(1)} s`);
    console.log(`sent: ${result.sent}`);
    for (const line of result.observed) console.log(`  ${line}`);
    console.log(
      `  /healthcheck while it ran: ${health.latencies.length} probes, p99 ${p99.toFixed(0)} ms, worst ${worst.toFixed(0)} ms, ${health.failures} failed; max RSS ${rss} MiB`,
    );
    if (health.failures && !attack.probeFailuresExpected)
      result.problems.push(`${health.failures} /healthcheck probes failed or timed out`);
    if (p99 > P99_LIMIT_MS) result.problems.push(`/healthcheck p99 ${p99.toFixed(0)} ms`);
    console.log(result.problems.length ? `  HELD: no — ${result.problems.join("; ")}` : "  HELD: yes");
    summary.push(
      `${attack.name.padEnd(16)} p99 ${String(Math.round(p99)).padStart(6)} ms  worst ${String(Math.round(worst)).padStart(6)} ms  RSS ${String(rss).padStart(6)} MiB  ${result.problems.length ? "FAILED" : "held"}`,
    );
    if (result.problems.length) failed = true;
  }
  const storedAfter = counts();
  // Stopped first: the server writes its last log lines when it exits.
  await stopServer(server);
  const log = fs.readFileSync(server.log, "utf8");
  const fiveHundreds = log
    .split("\n")
    .filter((l) => /"status":5\d\d/.test(l) || /unhandled error|heap out of memory/i.test(l));
  // pino's levels: 50 error, 60 fatal.
  const errorLines = log.split("\n").filter((l) => /"level":(50|60)\b/.test(l));
  console.log("\n== summary");
  for (const line of summary) console.log(line);
  console.log(
    `server log: ${fiveHundreds.length} lines with a 5xx answer, an unhandled error or out-of-heap`,
  );
  for (const line of fiveHundreds.slice(0, 5)) console.log(`  ${line.slice(0, 200)}`);
  console.log(`server log: ${errorLines.length} lines at error level`);
  for (const line of errorLines.slice(0, 5)) console.log(`  ${line.slice(0, 200)}`);
  const stored = (Object.keys(storedAfter) as StoredTable[]).every(
    (table) =>
      storedAfter[table] === storedBefore[table] || chosen.some((attack) => attack.mayStore?.includes(table)),
  );
  console.log(
    `stored rows before ${JSON.stringify(storedBefore)}, after ${JSON.stringify(storedAfter)}: ${stored ? "nothing stored but what a class stores on purpose (it checks the number)" : "SOMETHING WAS STORED"}`,
  );
  if (fiveHundreds.length || errorLines.length || !stored) failed = true;
  loopServer.close();
  disarm();
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(
    failed ? "\nattack: the server did NOT hold every class" : "\nattack: the server held every class",
  );
  process.exit(failed ? 1 : 0);
}

await main();
