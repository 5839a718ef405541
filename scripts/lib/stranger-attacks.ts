/**
 * Issue 39's attack classes ("nothing a stranger sends costs the promoter"), one per finding, run
 * by `npm run attack` before the auth classes (and alone with `--only`). Loopback only, every
 * class bounded in count and time.
 *
 * The server runs as in production behind Fly's proxy (TRUST_PROXY=true), so a class can come
 * from many addresses by sending `Fly-Client-IP`, as a stranger with many IPv6 addresses would.
 * The fields are written by hand and the database is read with plain SQL, so the same classes
 * run against an older build (`npm run attack -- --app DIR`): the "before" column of the notes.
 */
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import { openDatabase } from "~/utils/db.server";
import { loginFields, postForm } from "../../tests/support/forms";
import { cookieHeader } from "../../tests/support/staff";
import type { AttackClass, AttackContext } from "./attack-kit";
import { deviceCookieFor } from "./harness";

// ---------- helpers ----------

const from = (ip: string) => ({ "Fly-Client-IP": ip });

async function drain(res: Response) {
  const text = await res.text();
  return { status: res.status, text, res };
}

function tally(statuses: (number | string)[]) {
  const m = new Map<string, number>();
  for (const s of statuses) m.set(String(s), (m.get(String(s)) ?? 0) + 1);
  return [...m]
    .sort()
    .map(([s, n]) => `${s}×${n}`)
    .join(", ");
}

/** Plain SQL on the server's database (the schema of whichever build is attacked). */
function query<T>(ctx: AttackContext, sql: string, ...params: unknown[]): T[] {
  const database = openDatabase(ctx.dbFile);
  try {
    return database.$client.prepare(sql).all(...params) as T[];
  } finally {
    database.$client.close();
  }
}
const columns = (ctx: AttackContext, table: string) =>
  query<{ name: string }>(ctx, `pragma table_info(${table})`).map((c) => c.name);

/** Runs `task` over `items`, `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i]);
      }
    }),
  );
  return out;
}

type Raw = { status: number; head: string; body: string; error?: string };

/** One request written verbatim to a socket (an attacker's Host, method and headers), its answer. */
function raw(port: number, text: string, timeoutMs = 10_000): Promise<Raw> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (error?: string) => {
      if (done) return;
      done = true;
      socket.destroy();
      const all = Buffer.concat(chunks).toString("latin1");
      const end = all.indexOf("\r\n\r\n");
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(all)?.[1] ?? 0),
        head: end < 0 ? all : all.slice(0, end),
        body: end < 0 ? "" : all.slice(end + 4),
        error,
      });
    };
    socket.setTimeout(timeoutMs, () => finish("timeout"));
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", (e) => finish(e.message));
    socket.on("close", () => finish());
    socket.write(text);
  });
}

const portOf = (ctx: AttackContext) => Number(new URL(ctx.base).port);

// ---------- the classes ----------

/**
 * Finding 1: budgets can be flushed. A real account is locked by 8 wrong passwords from one
 * address; a second address then sends 5,200 logins with made-up usernames (each a quick 429
 * once its own budget is spent); then the right password and 10 guesses from fresh addresses.
 */
const budgetFlush: AttackClass = {
  name: "budget-flush",
  item: "39.1: 5,200 made-up usernames flush a locked account from the login budget",
  async run(ctx) {
    const { base, victim } = ctx;
    const login = async (username: string, password: string, ip: string) => {
      const t = performance.now();
      const a = await postForm(base, "/admin/login", loginFields(username, password), {
        headers: from(ip),
      }).then(drain);
      return { status: a.status, ms: performance.now() - t };
    };
    const locking: { status: number; ms: number }[] = [];
    for (let i = 0; i < 9; i++)
      locking.push(await login(victim.username, `wrong-${i}`, `203.0.113.${i + 1}`));
    const flood = 5_200;
    const started = performance.now();
    const statuses = await pool(
      Array.from({ length: flood }, (_, i) => i),
      10,
      async (i) => (await login(`made-up-${i}-${Date.now()}`, "x", "198.51.100.77")).status,
    );
    const seconds = (performance.now() - started) / 1000;
    const right = await login(victim.username, victim.password, "192.0.2.200");
    const guesses: { status: number; ms: number }[] = [];
    for (let i = 0; i < 3; i++)
      guesses.push(await login(victim.username, `again-${i}`, `192.0.2.${210 + i}`));
    // Issue 37 (show-night's lockout policy): the username's budget, shared by every address,
    // slows attempts once spent and never refuses the right password; "forgotten" would show as
    // attempts no longer slowed.
    const slowed = (a: { ms: number }) => a.ms >= 1_900;
    const observed = [
      `"${victim.username}": 9 wrong passwords from 9 addresses -> ${tally(locking.map((a) => a.status))}, the 9th slowed to ${locking.at(-1)!.ms.toFixed(0)} ms`,
      `${flood} logins with made-up usernames from one address in ${seconds.toFixed(1)} s -> ${tally(statuses)}`,
      `then the right password from a new address -> ${right.status} in ${right.ms.toFixed(0)} ms; 3 more guesses from new addresses -> ${tally(guesses.map((a) => a.status))}, each ${guesses.map((a) => a.ms.toFixed(0)).join("/")} ms`,
    ];
    const problems: string[] = [];
    if (!slowed(locking.at(-1)!)) problems.push("the 9th failure for the account was not slowed");
    if (right.status !== 302)
      problems.push(`the right password from a new address was refused (${right.status})`);
    if (!slowed(right) || !guesses.every(slowed))
      problems.push(
        "after the flood, attempts for the account were no longer slowed (its budget was forgotten)",
      );
    return {
      sent: `9 wrong passwords, ${flood} made-up usernames, 1 right password, 3 guesses`,
      observed,
      problems,
    };
  },
};

/**
 * Finding 2: the waitlist aimed at an inbox. 55 sign-ups with spellings of one Gmail mailbox
 * from 5 addresses, then staff free the show: how many rows, and how many e-mails to that inbox.
 */
const waitlistAim: AttackClass = {
  name: "waitlist-aim",
  item: "39.2: the waitlist aimed at one inbox",
  async run(ctx) {
    const show = ctx.soldOutEventId;
    const date = query<{ date: string }>(ctx, "select date from events where id = ?", show)[0].date;
    const spellings = Array.from({ length: 55 }, (_, i) => {
      const local = "v.i.c.t.i.m".split(".").join(i % 2 ? "." : "");
      return `${local}+w${i}@${i % 3 ? "gmail.com" : "googlemail.com"}`;
    });
    const statuses = await pool(spellings, 5, async (email) => {
      const i = spellings.indexOf(email);
      const res = await postForm(
        ctx.base,
        `/event/${show}/waitlist?date=${date}`,
        { email, date, consent: "waitlist-2026-11" },
        { headers: from(`198.18.0.${(i % 5) + 1}`) },
      );
      await res.arrayBuffer();
      return res.status;
    });
    const rows = query<{ n: number }>(
      ctx,
      "select count(*) n from waitlist_entries where event_id = ?",
      show,
    )[0].n;
    // Staff free the show (the dashboard's toggle).
    const cookie = await ctx.staffCookie();
    const freed = await postForm(
      ctx.base,
      `/admin/events/${show}/sold-out`,
      { soldOut: "false" },
      { cookie },
    );
    await freed.arrayBuffer();
    const toInbox = query<{ kind: string; n: number }>(
      ctx,
      "select kind, count(*) n from outbox where to_address like '%victim%' or to_address like '%v.i.c.t.i.m%' group by kind",
    );
    const notices = toInbox.find((r) => r.kind === "waitlist")?.n ?? 0;
    const confirmations = toInbox.find((r) => r.kind === "confirmation")?.n ?? 0;
    const observed = [
      `55 sign-ups (dots, +tags, googlemail) from 5 addresses -> ${tally(statuses)}; ${rows} waitlist row(s)`,
      `staff free the show (${freed.status}): e-mails queued to that inbox: ${notices} "tickets available", ${confirmations} confirmation(s)`,
    ];
    const problems: string[] = [];
    if (rows > 1) problems.push(`${rows} rows for one mailbox`);
    if (notices > 0) problems.push(`${notices} notices to an inbox that never confirmed`);
    if (confirmations > 3) problems.push(`${confirmations} confirmations to one inbox in a day`);
    return {
      sent: "55 waitlist sign-ups for one Gmail mailbox from 5 addresses, then the show freed",
      observed,
      problems,
    };
  },
};

/**
 * Finding 3: consent on record. A newsletter sign-up and a waitlist sign-up: what the row
 * keeps; whether staff can export the consents; whether a promotional e-mail names its
 * sender with a postal address and carries an unsubscribe.
 */
const consentRecord: AttackClass = {
  name: "consent-record",
  item: "39.3: no consent on record, no sender or unsubscribe in promotional mail",
  mayStore: ["newsletter"],
  async run(ctx) {
    const email = `consent-${Date.now()}@example.com`;
    const res = await postForm(
      ctx.base,
      "/merch",
      { email, consent: "newsletter-2026-11" },
      { headers: from("192.0.2.44") },
    );
    await res.arrayBuffer();
    const have = columns(ctx, "newsletter_signups");
    const wanted = ["consent_version", "source", "ip_hash", "created_at", "confirmed_at"];
    const missing = wanted.filter((c) => !have.includes(c));
    const row = query<Record<string, unknown>>(
      ctx,
      "select * from newsletter_signups where email = ?",
      email,
    )[0];
    const keptIp = row && Object.values(row).some((v) => v === "192.0.2.44");
    const csv = await fetch(`${ctx.base}/admin/consents.csv`, {
      headers: { Cookie: await ctx.staffCookie() },
    });
    const csvText = await csv.text();
    const promo = query<{ body: string; headers: string | null }>(
      ctx,
      "select body, headers from outbox where kind in ('confirmation', 'waitlist') order by id desc limit 1",
    )[0];
    const named = Boolean(promo && /\n--\n.+, .+\n/.test(promo.body) && /Unsubscribe/.test(promo.body));
    const headers = Boolean(promo?.headers && /List-Unsubscribe-Post/.test(promo.headers));
    const observed = [
      `newsletter sign-up ${res.status}; the row keeps: ${wanted.filter((c) => have.includes(c)).join(", ") || "none of the consent fields"}${row ? ` (version ${String(row.consent_version ?? "-")}, page ${String(row.source ?? "-")})` : ""}; raw IP stored: ${keptIp ? "YES" : "no"}`,
      `GET /admin/consents.csv as staff -> ${csv.status}${csv.ok ? `, ${csvText.trim().split("\n").length - 1} record(s), with the sign-up: ${csvText.includes(email) ? "yes" : "NO"}` : ""}`,
      promo
        ? `latest promotional e-mail: sender and postal address ${named ? "present" : "MISSING"}, List-Unsubscribe headers ${headers ? "present" : "MISSING"}`
        : "no promotional e-mail queued to look at",
    ];
    const problems: string[] = [];
    if (missing.length) problems.push(`the sign-up keeps no ${missing.join(", ")}`);
    if (keptIp) problems.push("the raw IP address is stored");
    if (!csv.ok || !csvText.includes(email)) problems.push("staff cannot export the consent");
    if (!promo || !named || !headers)
      problems.push("promotional mail without sender, postal address or unsubscribe headers");
    return { sent: "1 newsletter sign-up, the staff CSV, the latest promotional e-mail", observed, problems };
  },
};

/**
 * Finding 4: the one-click unsubscribe, as mail providers post it: another site's Origin, a
 * multipart or urlencoded body, twice. Every answer must be 2xx and the address leave.
 */
const oneClickUnsubscribe: AttackClass = {
  name: "one-click",
  item: "39.4: the one-click unsubscribe answers 500 to another site's POST",
  async run(ctx) {
    // Two addresses on the sold-out list, written as each build keeps them.
    const have = columns(ctx, "waitlist_entries");
    const tokens = [0, 1].map((i) => ({ token: `oneclick${i}${Date.now()}abcdefghijklmnop`.slice(0, 32) }));
    const show = query<{ id: number; date: string }>(
      ctx,
      "select id, date from events where id = ?",
      ctx.soldOutEventId,
    )[0];
    for (const [i, { token }] of tokens.entries()) {
      const row: Record<string, unknown> = {
        event_id: show.id,
        date: show.date,
        email: `leaver${i}@example.com`,
        token,
      };
      if (have.includes("email_key"))
        Object.assign(row, {
          email_key: row.email,
          consent_version: "waitlist-2026-11",
          source: "/attack",
          confirmed_at: Date.now(),
        });
      const database = openDatabase(ctx.dbFile);
      try {
        database.$client
          .prepare(
            `insert into waitlist_entries (${Object.keys(row).join(", ")}) values (${Object.keys(row)
              .map(() => "?")
              .join(", ")})`,
          )
          .run(...Object.values(row));
      } finally {
        database.$client.close();
      }
    }
    const observed: string[] = [];
    const statuses: number[] = [];
    for (const [i, { token }] of tokens.entries()) {
      const path = i === 0 ? `/waitlist/unsubscribe/${token}` : `/unsubscribe/${token}`;
      for (let n = 0; n < 2; n++) {
        const multipart = n === 0;
        const body = multipart
          ? '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n'
          : "List-Unsubscribe=One-Click";
        const a = await raw(
          portOf(ctx),
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${portOf(ctx)}\r\nOrigin: https://mail.provider.example\r\nContent-Type: ${multipart ? "multipart/form-data; boundary=b" : "application/x-www-form-urlencoded"}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
        statuses.push(a.status);
        observed.push(
          `POST ${path.replace(token, "{token}")} (${multipart ? "multipart" : "urlencoded"}, foreign Origin, try ${n + 1}) -> ${a.status || a.error}`,
        );
      }
    }
    const left = query<{ n: number }>(
      ctx,
      `select count(*) n from waitlist_entries where token in (${tokens.map(() => "?").join(",")})`,
      ...tokens.map((t) => t.token),
    )[0].n;
    observed.push(`addresses still on the list afterwards: ${left} of 2`);
    const problems: string[] = [];
    if (statuses.some((s) => s < 200 || s >= 300)) problems.push(`answers ${tally(statuses)}`);
    if (left > 0) problems.push(`${left} address(es) still on the list`);
    return {
      sent: "4 one-click POSTs for 2 addresses (old and new path), another site's Origin",
      observed,
      problems,
    };
  },
};

/** Finding 5: a client's mistake answered 500 (and logged at error level). */
const clientMistakes: AttackClass = {
  name: "client-mistakes",
  item: "39.5: 500s for a client's mistake; 4xx logged at error level",
  async run(ctx) {
    const port = portOf(ctx);
    const host = `127.0.0.1:${port}`;
    const cookie = await ctx.staffCookie();
    const form = "email=a%40b.co";
    const post = (path: string, extra: string, hostHeader = host) =>
      `POST ${path} HTTP/1.1\r\nHost: ${hostHeader}\r\n${extra}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\nConnection: close\r\n\r\n${form}`;
    const cases: [string, string][] = [
      [
        "TRACE with a same-site Origin",
        `TRACE / HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nConnection: close\r\n\r\na=b`,
      ],
      ["TRACK", `TRACK / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`],
      ["OPTIONS /", `OPTIONS / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`],
      ["PROPFIND /", `PROPFIND / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`],
      [
        "POST with another X-Forwarded-Host",
        post("/contact", `Origin: http://${host}\r\nX-Forwarded-Host: evil.example\r\n`),
      ],
      ["POST Host 127.0.0.1:80", post("/contact", "Origin: http://127.0.0.1:80\r\n", "127.0.0.1:80")],
      [
        `POST Host [::ffff:127.0.0.1]:${port}`,
        post("/contact", `Origin: http://[::ffff:127.0.0.1]:${port}\r\n`, `[::ffff:127.0.0.1]:${port}`),
      ],
      ["POST with an empty Origin", post("/contact", `Origin: \r\nReferer: http://${host}/contact\r\n`)],
      ["POST to a page without an action", post("/about", `Origin: http://${host}\r\n`)],
      ["POST to no route", post("/no/such/page", `Origin: http://${host}\r\n`)],
      [
        "GET ?_data of another route",
        `GET /?_data=routes%2Fabout HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      ],
      [
        "staff: redirectTo /。evil",
        `GET /admin/login?redirectTo=%2F%E3%80%82evil.example HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
      ],
      [
        "staff: redirectTo U+2028",
        `GET /admin/login?redirectTo=%2F%E2%80%A8evil.example HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
      ],
    ];
    const logBefore = fs.readFileSync(ctx.server().log, "utf8").length;
    const repeat = ctx.quick ? 1 : 10;
    const observed: string[] = [];
    const problems: string[] = [];
    for (const [label, text] of cases) {
      const seen: (number | string)[] = [];
      for (let i = 0; i < repeat; i++) {
        const a = await raw(port, text);
        seen.push(a.error ?? a.status);
      }
      observed.push(`${label}: ${tally(seen)}`);
      if (seen.some((s) => typeof s === "string" || s >= 500))
        problems.push(`${label} answered ${tally(seen)}`);
    }
    // Lines are written off the request's path: give them a moment.
    await new Promise((r) => setTimeout(r, 500));
    const lines = fs.readFileSync(ctx.server().log, "utf8").slice(logBefore).split("\n");
    const errors = lines.filter((l) => /"level":(50|60)/.test(l));
    observed.push(`server log lines at error level while it ran: ${errors.length}`);
    for (const l of errors.slice(0, 3)) observed.push(`  ${l.slice(0, 160)}`);
    if (errors.length) problems.push(`${errors.length} error-level log lines for client mistakes`);
    return { sent: `${cases.length} client mistakes × ${repeat}`, observed, problems };
  },
};

/** Finding 6: the page cache hands every visitor the same CSP nonce. */
const cacheNonce: AttackClass = {
  name: "cache-nonce",
  item: "39.6: cached pages share one CSP nonce",
  async run(ctx) {
    const nonces: string[] = [];
    let hits = 0;
    let mismatched = 0;
    for (let i = 0; i < (ctx.quick ? 5 : 30); i++) {
      const res = await fetch(`${ctx.base}/calendar`);
      const html = await res.text();
      if (res.headers.get("x-cache") === "HIT") hits++;
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
      nonces.push(nonce);
      const inPage = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
      if (inPage.size !== 1 || !inPage.has(nonce)) mismatched++;
    }
    const distinct = new Set(nonces).size;
    const observed = [
      `${nonces.length} GET /calendar (${hits} from the page cache): ${distinct} distinct nonces; pages whose scripts carry another nonce than their header: ${mismatched}`,
    ];
    const problems: string[] = [];
    if (distinct < nonces.length) problems.push(`${nonces.length - distinct + 1} answers shared a nonce`);
    if (mismatched) problems.push(`${mismatched} pages with a nonce other than their header's`);
    if (!hits) problems.push("no answer came from the page cache (nothing tested)");
    return { sent: `${nonces.length} GETs of a cached page`, observed, problems };
  },
};

/** Finding 7: a stored link a browser reads as another site ("/\host/x.png"). */
const sitePath: AttackClass = {
  name: "site-path",
  item: "39.7: stored links that leave the site",
  async run(ctx) {
    const cookie = await ctx.staffCookie();
    const values = [
      "/\\evil.example/x.png",
      "/%5Cevil.example/x.png",
      "/\t/evil.example/x.png",
      "/ /evil.example",
    ];
    const observed: string[] = [];
    const problems: string[] = [];
    for (const [i, photoUrl] of values.entries()) {
      const name = `Path Attack ${i} ${Date.now()}`;
      const res = await postForm(ctx.base, "/admin/comedians/new", { name, photoUrl }, { cookie });
      await res.arrayBuffer();
      const stored = query<{ photo_url: string | null }>(
        ctx,
        "select photo_url from comedians where name = ?",
        name,
      )[0];
      observed.push(
        `comedian photo ${JSON.stringify(photoUrl)} -> ${res.status}, stored: ${stored ? JSON.stringify(stored.photo_url) : "nothing"}`,
      );
      if (stored?.photo_url) problems.push(`${JSON.stringify(photoUrl)} stored as a photo`);
    }
    return {
      sent: `${values.length} comedian photos written as site paths that leave the site`,
      observed,
      problems,
    };
  },
};

/**
 * Finding 8: outbound fetches to deprecated IPv6 loopback forms and special blocks, and a DNS
 * rebinding (the server runs with scripts/lib/rebinding-dns.mjs: a name answers a public
 * address to the check and 127.0.0.1 to the connection).
 */
const outboundRanges: AttackClass = {
  name: "outbound-ranges",
  item: "39.8: ::7f00:1, fec0::/10, 64:ff9b:1::/48 and DNS rebinding",
  async run(ctx) {
    const cookie = await ctx.staffCookie();
    let hits = 0;
    const target = http.createServer((_req, res) => {
      hits++;
      res.end("<html><head><title>Loopback secret</title></head></html>");
    });
    await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
    const port = (target.address() as net.AddressInfo).port;
    const urls = [
      `http://[::7f00:1]:${port}/`,
      `http://[::127.0.0.1]:${port}/`,
      `http://[fec0::1]:${port}/`,
      `http://[64:ff9b:1::7f00:1]:${port}/`,
      `http://[3fff::1]:${port}/`,
      `http://[5f00::1]:${port}/`,
      `http://secret.rebind.test:${port}/`,
    ];
    const observed: string[] = [];
    const problems: string[] = [];
    const reached: boolean[] = [];
    try {
      for (const url of urls) {
        const before = hits;
        const res = await postForm(
          ctx.base,
          "/admin/events/new",
          { intent: "load-url", sourceUrl: url },
          { cookie, signal: AbortSignal.timeout(30_000) },
        );
        await res.arrayBuffer();
        reached.push(hits > before);
      }
    } finally {
      target.close();
    }
    // Why each lookup failed is in the server's log (written off the request's path).
    const lineFor = (url: string) =>
      fs
        .readFileSync(ctx.server().log, "utf8")
        .split("\n")
        .filter((l) => l.includes("event lookup failed") && l.includes(`"url":"${url}"`))
        .pop();
    const deadline = Date.now() + 2_000;
    while (Date.now() < deadline && urls.some((u) => !lineFor(u)))
      await new Promise((r) => setTimeout(r, 100));
    for (const [i, url] of urls.entries()) {
      const refused = /Only public addresses/.test(lineFor(url) ?? "");
      observed.push(
        `load-from-URL ${url}: ${reached[i] ? "REACHED the loopback target" : refused ? "refused by the address rules" : "FETCH ATTEMPTED (not refused)"}`,
      );
      if (reached[i]) problems.push(`${url} reached 127.0.0.1`);
      else if (!refused) problems.push(`${url} was not refused`);
    }
    return {
      sent: `${urls.length} staff load-from-URL posts at deprecated/special IPv6 forms and a rebinding name`,
      observed,
      problems,
    };
  },
};

/** Finding 9: a quoted local part and a Cyrillic look-alike domain count as new voters. */
const emailVariants: AttackClass = {
  name: "email-variants",
  item: "39.9: quoted local parts and look-alike domains are new voters",
  mayStore: ["votes"],
  async run(ctx) {
    const phone = async () => {
      // A phone that opened the ballot a minute ago (issue 37: a new cookie votes once a few seconds old).
      const aged = deviceCookieFor();
      const res = await fetch(`${ctx.base}/vote?round=${ctx.roundId}`, { headers: { Cookie: aged } });
      const html = await res.text();
      return {
        cookie: cookieHeader(res, aged),
        token: /name="voteToken" value="([^"]+)"/.exec(html)?.[1] ?? "",
        id: /name="comedianId" value="(\d+)"/.exec(html)?.[1] ?? "",
      };
    };
    const vote = async (email: string) => {
      const p = await phone();
      const res = await postForm(
        ctx.base,
        "/vote/submit",
        { roundId: String(ctx.roundId), voteToken: p.token, comedianId: p.id, email },
        { cookie: p.cookie, headers: from(`192.0.2.${Math.floor(Math.random() * 200) + 20}`) },
      );
      await res.arrayBuffer();
      return res.status;
    };
    const base = `variant${Date.now()}`;
    const first = await vote(`${base}@example.com`);
    const quoted = await vote(`"${base}"@example.com`);
    const escaped = await vote(`"${base.slice(0, 3)}\\${base.slice(3)}"@example.com`);
    const homograph = await vote(`${base}@gmаil.com`);
    // What a browser's e-mail field sends for it.
    const punycoded = await vote(`${base}@xn--gmil-63d.com`);
    const homograph2 = await vote(`${base}@gmail.com`);
    const observed = [
      `${base}@example.com from a phone -> ${first}`,
      `"${base}"@example.com from another phone -> ${quoted}; with an escape -> ${escaped}`,
      `${base}@gmаil.com (Cyrillic а) -> ${homograph}; as a browser sends it, ${base}@xn--gmil-63d.com -> ${punycoded}; then ${base}@gmail.com -> ${homograph2}`,
    ];
    const problems: string[] = [];
    if (quoted === 200 || escaped === 200) problems.push("a quoted local part voted again");
    if (homograph === 200 || punycoded === 200) problems.push("a mixed-script domain was accepted");
    return {
      sent: "6 votes from 6 phones: one mailbox, its quoted forms, a look-alike domain",
      observed,
      problems,
    };
  },
};

/**
 * Finding 10: idle connections kept past 70 s, no connection cap. Sockets that never finish
 * their headers, and more connections than the cap at once.
 */
const connections: AttackClass = {
  name: "connections",
  item: "39.10: slow or idle connections, no connection cap",
  probeFailuresExpected: true,
  async run(ctx) {
    const port = portOf(ctx);
    const observed: string[] = [];
    const problems: string[] = [];
    // 20 sockets that send half their headers, then a header line every 2 s (Slowloris); a
    // socket the server closed is noticed at its next write.
    const slow = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<number>((resolve) => {
            const started = performance.now();
            const socket = net.connect(port, "127.0.0.1", () =>
              socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`),
            );
            const drip = setInterval(() => socket.write("X-A: b\r\n"), 2_000);
            const limit = setTimeout(() => socket.destroy(), 25_000);
            socket.on("error", () => {});
            socket.on("close", () => {
              clearInterval(drip);
              clearTimeout(limit);
              resolve((performance.now() - started) / 1000);
            });
          }),
      ),
    );
    const longest = Math.max(...slow);
    observed.push(
      `20 sockets dripping a header every 2 s: closed by the server after ${Math.min(...slow).toFixed(1)}–${longest.toFixed(1)} s${longest >= 24.9 ? " (still open when the attacker gave up at 25 s)" : ""}`,
    );
    if (longest > 20) problems.push(`slow headers held a connection ${longest.toFixed(0)} s`);
    // More connections than the cap, opened at once, no request on them.
    const count = ctx.quick ? 500 : 4_400;
    const sockets: net.Socket[] = [];
    let refused = 0;
    await pool(
      Array.from({ length: count }, (_, i) => i),
      200,
      () =>
        new Promise<void>((resolve) => {
          const socket = net.connect(port, "127.0.0.1");
          sockets.push(socket);
          const opened = performance.now();
          socket.on("connect", () => resolve());
          socket.on("error", () => resolve());
          socket.on("close", () => {
            if (performance.now() - opened < 2_000) refused++;
            resolve();
          });
        }),
    );
    await new Promise((r) => setTimeout(r, 1_500));
    const open = sockets.filter((s) => !s.destroyed).length;
    for (const s of sockets) s.destroy();
    observed.push(`${count} connections at once: ${open} held open, ${refused} closed by the server at once`);
    if (!ctx.quick && refused === 0) problems.push("no connection cap: every connection was held");
    await new Promise((r) => setTimeout(r, 1_000));
    const after = await fetch(`${ctx.base}/healthcheck`).then(
      (r) => r.status,
      () => 0,
    );
    observed.push(`/healthcheck once they were gone: ${after}`);
    if (after !== 200) problems.push(`the server did not answer afterwards (${after})`);
    return { sent: `20 Slowloris sockets; ${count} idle connections at once`, observed, problems };
  },
};

/** Issue 39's classes in the order they run: the login flush last (its guesses spend budgets). */
export const STRANGER_ATTACKS: AttackClass[] = [
  clientMistakes,
  cacheNonce,
  sitePath,
  outboundRanges,
  waitlistAim,
  consentRecord,
  oneClickUnsubscribe,
  emailVariants,
  connections,
  budgetFlush,
];
