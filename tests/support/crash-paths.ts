/**
 * The crash test of every write path (vote, contact, application, event save, sync), shared
 * by scripts/crash-writes.ts (the full run) and tests/e2e/crash-writes.spec.ts (a short run).
 * Field names come from the app's form schemas (tests/support/forms.ts).
 *
 * For each path: the production build on a free loopback port against its own temporary
 * SQLite file; writes sent under concurrency the way the page sends them; SIGKILL once a
 * set number has been acknowledged (others still in flight); a restart on the same file and
 * port; then every acknowledged write must be stored exactly once, nothing stored twice,
 * and PRAGMA integrity_check must answer ok.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { and, eq, inArray } from "drizzle-orm";
import { auditLog, contactMessages, contestantApplications, events } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import { openDatabase, type DB } from "~/utils/db.server";
import {
  fakeOrgEvents,
  FAKE_EVENTBRITE_ORG,
  FAKE_EVENTBRITE_TOKEN,
  startFakeEventbrite,
} from "../fakes/eventbrite";
import { tempDatabase } from "./db";
import { LOAD_ENV, staffOf } from "./env";
import { FORMS, formFields, postForm, type PostOptions } from "./forms";
import { hasExited, pool, startLoadServer, stopServer, waitForExit, type Server } from "./server";
import { loginStaff } from "./staff";
import {
  checkStored,
  loadBallot,
  makeVoters,
  postVote,
  prepareVoteDatabase,
  thinkTime,
  type Voter,
} from "./voters";

export type CrashSize = { writes: number; concurrency: number; killAfter: number };

export type CrashResult = {
  path: string;
  sent: number;
  acknowledged: number;
  present: number;
  missing: number;
  duplicates: number;
  integrity: string;
  problems: string[];
  seconds: number;
};

type WithFile = { file?: string };
type Check = { present: number; missing: number; duplicates: number; problems: string[] };

type WritePath<C> = {
  name: string;
  prepare(size: CrashSize): Promise<{
    dir: string;
    file: string;
    ctx: C;
    env?: Record<string, string>;
    cleanup?: () => Promise<void>;
  }>;
  /** Runs against the first server before the load (a staff login, ballots loaded). */
  beforeLoad?(base: string, ctx: C, size: CrashSize): Promise<void>;
  /** Sends write `i`; true when the server acknowledged it (its success answer arrived). */
  write(base: string, ctx: C, i: number): Promise<boolean>;
  /** Reads the restarted server's database file. */
  check(database: DB, ctx: C, acked: number[], sent: number[]): Check;
};

const token = () => crypto.randomBytes(16).toString("hex");
/** Each public-form write from its own client address (the per-IP form budget is 10 per 10 min). */
const clientAddress = (i: number) => `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;
/** Every fifth public-form write is double-tapped: the same submission token posted twice at once. */
const doubleTapped = (i: number) => i % 5 === 0;

async function post(base: string, path: string, body: Record<string, string>, options: PostOptions = {}) {
  const res = await postForm(base, path, body, options);
  await res.text();
  return { status: res.status, location: res.headers.get("location") ?? "" };
}

function countBy<T>(rows: T[], key: (row: T) => string) {
  const map = new Map<string, number>();
  for (const row of rows) map.set(key(row), (map.get(key(row)) ?? 0) + 1);
  return map;
}

// --- vote: the load test's voters (tests/support/voters.ts) ----------------
type VoteCtx = WithFile & { roundId: number; comedianIds: number[]; voters: Voter[] };
const votePath: WritePath<VoteCtx> = {
  name: "vote",
  async prepare() {
    const { dir, file, roundId, comedianIds } = prepareVoteDatabase();
    return { dir, file, ctx: { roundId, comedianIds, voters: [] } };
  },
  async beforeLoad(base, ctx, size) {
    ctx.voters = makeVoters(ctx.comedianIds, `crash-${Date.now()}`, size.writes);
    await pool(ctx.voters, size.concurrency, (v) => loadBallot(base, ctx.roundId, v));
    await thinkTime();
  },
  async write(base, ctx, i) {
    const v = ctx.voters[i];
    const latencies: number[] = [];
    const sends = v.duplicate === "double-tap" ? 2 : 1;
    const answers = await Promise.all(
      Array.from({ length: sends }, () => postVote(base, ctx.roundId, v, latencies)),
    );
    v.acked = answers.some(Boolean);
    return v.acked;
  },
  check(database, ctx, acked, sent) {
    database.$client.close(); // checkStored opens the file itself
    const voters = sent.map((i) => ctx.voters[i]);
    const stored = checkStored(
      ctx.file!,
      ctx.roundId,
      voters,
      acked.map((i) => ctx.voters[i]),
    );
    const missing = stored.problems.filter((p) => p.includes("stored 0 times")).length;
    const duplicates = stored.problems.filter((p) => /stored [2-9]\d* times|more than once/.test(p)).length;
    return { present: acked.length - missing, missing, duplicates, problems: stored.problems };
  },
};

// --- contact message -----------------------------------------------------------------------
type FormCtx = WithFile & { tag: string; tokens: string[]; eventId?: number };
const contactPath: WritePath<FormCtx> = {
  name: "contact",
  async prepare(size) {
    const { dir, file } = tempDatabase("crash-contact", () => null);
    const ctx = { file, tag: `c${Date.now()}`, tokens: Array.from({ length: size.writes }, token) };
    return { dir, file, ctx, env: { TRUST_PROXY: "true" } };
  },
  async write(base, ctx, i) {
    const body = formFields(FORMS.contact, {
      name: `Crash Contact ${i}`,
      email: `contact-${ctx.tag}-${i}@example.com`,
      subject: `Crash subject ${i}`,
      message: `Message number ${i} sent while the server may be killed.`,
      submissionToken: ctx.tokens[i],
    });
    const headers = { "Fly-Client-IP": clientAddress(i) };
    const answers = await Promise.all(
      Array.from({ length: doubleTapped(i) ? 2 : 1 }, () => post(base, "/contact", body, { headers })),
    );
    return answers.some((a) => a.status === 302 && a.location.startsWith("/contact"));
  },
  check(database, ctx, acked) {
    const rows = database.select().from(contactMessages).all();
    const byToken = countBy(rows, (r) => r.submissionToken ?? "");
    const byEmail = countBy(rows, (r) => r.email);
    const problems: string[] = [];
    let missing = 0;
    for (const i of acked) {
      const n = byToken.get(ctx.tokens[i]) ?? 0;
      if (n === 0) {
        missing++;
        problems.push(`contact ${i}: acknowledged but not stored`);
      }
      const row = rows.find((r) => r.submissionToken === ctx.tokens[i]);
      if (row && row.email !== `contact-${ctx.tag}-${i}@example.com`)
        problems.push(`contact ${i}: stored wrong`);
    }
    const duplicates = [...byEmail.values()].filter((n) => n > 1).length;
    if (duplicates) problems.push(`${duplicates} contact messages stored more than once`);
    return { present: acked.length - missing, missing, duplicates, problems };
  },
};

// --- contestant application ------------------------------------------------------------------
const applicationPath: WritePath<FormCtx> = {
  name: "application",
  async prepare(size) {
    const today = todayIn();
    const { dir, file, data } = tempDatabase(
      "crash-apply",
      (database) =>
        database
          .insert(events)
          .values({
            title: "Crash Test Contest Night",
            date: addDaysIso(today, 30),
            time: "20:00",
            venue: "Crash Test Hall",
            ticketUrl: "https://tickets.example.com/crash",
            acceptsApplications: true,
          })
          .returning({ id: events.id })
          .get().id,
    );
    const ctx = {
      file,
      tag: `a${Date.now()}`,
      tokens: Array.from({ length: size.writes }, token),
      eventId: data,
    };
    return { dir, file, ctx, env: { TRUST_PROXY: "true" } };
  },
  async write(base, ctx, i) {
    const body = formFields(FORMS.application, {
      from_name: `Crash Applicant ${i}`,
      from_email: `apply-${ctx.tag}-${i}@example.com`,
      mobile_number: "519-555-0100",
      is_over_19: true,
      can_attend: "yes",
      will_attend_if_not_selected: "yes",
      fun_bio: `Applicant ${i}`,
      accepts_terms: true,
      submissionToken: ctx.tokens[i],
    });
    const headers = { "Fly-Client-IP": clientAddress(i) };
    const answers = await Promise.all(
      Array.from({ length: doubleTapped(i) ? 2 : 1 }, () =>
        post(base, `/event/${ctx.eventId}/apply`, body, { headers }),
      ),
    );
    return answers.some((a) => a.status === 302 && a.location.includes("#contestant-application"));
  },
  check(database, ctx, acked) {
    const rows = database.select().from(contestantApplications).all();
    const byToken = countBy(rows, (r) => r.submissionToken ?? "");
    const byEmail = countBy(rows, (r) => `${r.eventId}:${r.email}`);
    const problems: string[] = [];
    let missing = 0;
    for (const i of acked) {
      if ((byToken.get(ctx.tokens[i]) ?? 0) === 0) {
        missing++;
        problems.push(`application ${i}: acknowledged but not stored`);
      }
    }
    const duplicates = [...byEmail.values()].filter((n) => n > 1).length;
    if (duplicates) problems.push(`${duplicates} applications stored more than once`);
    return { present: acked.length - missing, missing, duplicates, problems };
  },
};

// --- event save (staff): even writes create a show, odd writes edit a different existing one -----
type EventCtx = WithFile & { tag: string; date: string; baseIds: number[]; cookie: string };
const eventTitle = (ctx: EventCtx, i: number) =>
  `Crash ${i % 2 === 0 ? "created" : "edited"} show ${ctx.tag}-${i}`;
const eventSavePath: WritePath<EventCtx> = {
  name: "event save",
  async prepare(size) {
    const date = addDaysIso(todayIn(), 45);
    const { dir, file, data } = tempDatabase("crash-events", (database) =>
      Array.from(
        { length: Math.ceil(size.writes / 2) },
        (_, n) =>
          database
            .insert(events)
            .values({
              title: `Crash base show ${n}`,
              date,
              time: "19:00",
              venue: "Crash Test Hall",
              ticketUrl: "https://tickets.example.com/base",
            })
            .returning({ id: events.id })
            .get().id,
      ),
    );
    return { dir, file, ctx: { file, tag: `e${Date.now()}`, date, baseIds: data, cookie: "" } };
  },
  async beforeLoad(base, ctx) {
    ctx.cookie = await loginStaff(base, staffOf(LOAD_ENV));
  },
  async write(base, ctx, i) {
    const body = formFields(FORMS.event, {
      title: eventTitle(ctx, i),
      description: `Saved by the crash test, write ${i}.`,
      date: ctx.date,
      time: "20:30",
      venue: "Crash Test Hall",
      ticketUrl: `https://tickets.example.com/crash-${i}`,
      price: "$20",
    });
    const path = i % 2 === 0 ? "/admin/events/new" : `/admin/events/${ctx.baseIds[(i - 1) / 2]}`;
    const answer = await post(base, path, body, { cookie: ctx.cookie });
    return answer.status === 302 && answer.location === "/admin";
  },
  check(database, ctx, acked, sent) {
    const titles = sent.map((i) => eventTitle(ctx, i));
    const rows = database
      .select({ id: events.id, title: events.title })
      .from(events)
      .where(inArray(events.title, titles))
      .all();
    const byTitle = countBy(rows, (r) => r.title);
    const problems: string[] = [];
    let missing = 0;
    for (const i of acked) {
      const title = eventTitle(ctx, i);
      const ok =
        i % 2 === 0
          ? (byTitle.get(title) ?? 0) >= 1
          : rows.some((r) => r.id === ctx.baseIds[(i - 1) / 2] && r.title === title);
      if (!ok) {
        missing++;
        problems.push(`event write ${i}: acknowledged but not stored`);
      }
    }
    const duplicates = [...byTitle.values()].filter((n) => n > 1).length;
    if (duplicates) problems.push(`${duplicates} shows stored more than once`);
    // Each save writes its audit line in the same transaction: the two never disagree.
    const createdIds = rows.filter((r) => r.title.includes(" created ")).map((r) => String(r.id));
    const createAudits = createdIds.length
      ? database
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, "event.create"), inArray(auditLog.entityId, createdIds)))
          .all().length
      : 0;
    if (createAudits !== createdIds.length)
      problems.push(`${createdIds.length} shows created but ${createAudits} audit lines`);
    return { present: acked.length - missing, missing, duplicates, problems };
  },
};

// --- sync: POST /admin/sync against the fake ticketing platform --------------------------------
type SyncCtx = WithFile & { cookie: string; expectedIds: string[] };
const syncPath: WritePath<SyncCtx> = {
  name: "sync",
  async prepare() {
    const fake = await startFakeEventbrite();
    const today = todayIn();
    const { page1, page2 } = fakeOrgEvents(today);
    const expectedIds = [...page1, ...page2]
      .filter((e) => String((e.start as { local: string }).local).slice(0, 10) >= today)
      .map((e) => String(e.id));
    const { dir, file } = tempDatabase("crash-sync", () => null);
    return {
      dir,
      file,
      ctx: { file, cookie: "", expectedIds },
      env: {
        EVENTBRITE_API_URL: fake.url,
        EVENTBRITE_TOKEN: FAKE_EVENTBRITE_TOKEN,
        EVENTBRITE_ORGANIZATION_ID: FAKE_EVENTBRITE_ORG,
        ALLOW_PRIVATE_FETCH: "true",
      },
      cleanup: () => fake.close(),
    };
  },
  async beforeLoad(base, ctx) {
    ctx.cookie = await loginStaff(base, staffOf(LOAD_ENV));
  },
  async write(base, ctx) {
    const answer = await post(base, "/admin/sync", { intent: "sync" }, { cookie: ctx.cookie });
    return answer.status === 302 && answer.location === "/admin";
  },
  check(database, ctx, acked) {
    // A sync run's shows and its audit line are one transaction: count the runs stored.
    const runs = database.select().from(auditLog).where(eq(auditLog.action, "sync.run")).all();
    const okRuns = runs.filter((r) => (r.after as { ok?: boolean } | null)?.ok === true).length;
    const problems: string[] = [];
    // A press while a sync runs joins that run (one answer for both, one audit line), so
    // acknowledged presses can outnumber stored runs; an acknowledged press with no run is lost.
    const missing = acked.length && !runs.length ? acked.length : 0;
    if (missing) problems.push(`${acked.length} syncs acknowledged, ${runs.length} runs stored`);
    if (okRuns !== runs.length)
      problems.push(`${runs.length - okRuns} sync runs failed (fake platform unreachable?)`);
    const synced = database
      .select({ externalId: events.externalId })
      .from(events)
      .where(eq(events.source, "eventbrite"))
      .all();
    const byId = countBy(synced, (r) => r.externalId ?? "");
    const duplicates = [...byId.values()].filter((n) => n > 1).length;
    if (duplicates) problems.push(`${duplicates} platform shows stored more than once`);
    if (acked.length) {
      const absent = ctx.expectedIds.filter((id) => !byId.has(id));
      if (absent.length)
        problems.push(`platform shows missing after acknowledged syncs: ${absent.join(", ")}`);
    }
    return { present: acked.length - missing, missing, duplicates, problems };
  },
};

export const WRITE_PATHS = [
  votePath,
  contactPath,
  applicationPath,
  eventSavePath,
  syncPath,
] as WritePath<unknown>[];

/** The sizes of the full run (npm run crash:writes) and of the short one inside npm test. */
export const FULL_SIZES: Record<string, CrashSize> = {
  vote: { writes: 1000, concurrency: 50, killAfter: 600 },
  contact: { writes: 1000, concurrency: 25, killAfter: 600 },
  application: { writes: 1000, concurrency: 25, killAfter: 600 },
  "event save": { writes: 400, concurrency: 12, killAfter: 250 },
  sync: { writes: 60, concurrency: 4, killAfter: 40 },
};
export const SHORT_SIZES: Record<string, CrashSize> = {
  vote: { writes: 40, concurrency: 10, killAfter: 15 },
  contact: { writes: 30, concurrency: 8, killAfter: 12 },
  application: { writes: 30, concurrency: 8, killAfter: 12 },
  "event save": { writes: 20, concurrency: 5, killAfter: 8 },
  sync: { writes: 8, concurrency: 2, killAfter: 3 },
};

export async function runCrashPath(path: WritePath<unknown>, size: CrashSize): Promise<CrashResult> {
  const started = performance.now();
  const { dir, file, ctx, env, cleanup } = await path.prepare(size);
  (ctx as WithFile).file = file;
  let server: Server | null = null;
  try {
    server = await startLoadServer(file, dir, { env });
    await path.beforeLoad?.(server.base, ctx, size);
    const doomed = server;
    const acked: number[] = [];
    const sent: number[] = [];
    let killed = false;
    await pool(
      Array.from({ length: size.writes }, (_, i) => i),
      size.concurrency,
      async (i) => {
        if (killed) return; // nobody writes to a dead server; only acknowledged writes count
        sent.push(i);
        let ok = false;
        try {
          ok = await path.write(doomed.base, ctx, i);
        } catch {
          ok = false; // cut off by the kill: no answer, not acknowledged
        }
        if (ok && !killed) {
          acked.push(i);
          if (acked.length >= size.killAfter) {
            killed = true;
            doomed.child.kill("SIGKILL");
          }
        }
      },
    );
    if (!killed) doomed.child.kill("SIGKILL");
    await waitForExit(doomed);

    // The restart recovers the file (WAL replay) exactly as production would.
    server = await startLoadServer(file, dir, { env, port: doomed.port });
    const database = openDatabase(file);
    const integrity = String(database.$client.pragma("integrity_check", { simple: true }));
    let check: Check;
    try {
      check = path.check(database, ctx, acked, sent);
    } finally {
      if (database.$client.open) database.$client.close();
    }
    const problems = [...check.problems];
    if (integrity !== "ok") problems.unshift(`integrity_check: ${integrity}`);
    if (acked.length < Math.min(size.killAfter, size.writes))
      problems.push(`only ${acked.length} writes acknowledged before the kill`);
    return {
      path: path.name,
      sent: sent.length,
      acknowledged: acked.length,
      present: check.present,
      missing: check.missing,
      duplicates: check.duplicates,
      integrity,
      problems,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    };
  } finally {
    if (server && !hasExited(server)) await stopServer(server);
    await cleanup?.();
    if (!process.env.KEEP_LOAD_DB) fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function runAllCrashPaths(sizes: Record<string, CrashSize>, only?: string[]) {
  const results: CrashResult[] = [];
  for (const path of WRITE_PATHS) {
    if (only && !only.includes(path.name)) continue;
    results.push(await runCrashPath(path, sizes[path.name]));
  }
  return results;
}

export function formatTable(results: CrashResult[]) {
  const header = [
    "path",
    "sent",
    "acknowledged",
    "present after restart",
    "missing",
    "duplicates",
    "integrity",
    "seconds",
  ];
  const rows = results.map((r) =>
    [r.path, r.sent, r.acknowledged, r.present, r.missing, r.duplicates, r.integrity, r.seconds].map(String),
  );
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, c) => cell.padEnd(widths[c])).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}
