/**
 * npm run rehearse — one scripted show night on the production build (issue 37), every actor at
 * once, on loopback, bounded in time (about 2 minutes):
 *
 * - the office opens next week's round while tonight's room votes (it is told which room is voting);
 * - the room: 300 phones behind the venue's one address, arriving over a minute, each with its own
 *   cookies, a fifth on a connection that drops the answer to their vote (they send it again), a
 *   tenth typing the plain address and the room code instead of scanning the QR code;
 * - a stuffing script in the room reads the room code off the projector and tries 300 votes;
 * - a stranger from ten addresses tries to lock /results, /booking and the staff login;
 * - the host, on a browser that never unlocked anything, gets in, watches the alarm, voids the
 *   burst, closes voting and reveals last to first on the projector.
 *
 * It asserts and prints: every honest phone's vote stored exactly once (0 false refusals, 0
 * duplicates), the script got no more than the cap and the host saw the alarm, next week's ballot
 * never reached tonight's phones, the host got in at the first try, and the projector said each
 * state. Exit 1 on any failed check. Expects a build (`npm run build`).
 */
import fs from "node:fs";
import { and, eq, isNull } from "drizzle-orm";
import { comedians, eventComedians, events, votes, votingRounds } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import { capFor, roomBudgets, DEFAULT_ROOM_SEATS } from "~/lib/room-budgets";
import { MIN_DEVICE_AGE_MS } from "~/lib/vote";
import { openDatabase } from "~/utils/db.server";
import { tempDatabase } from "../tests/support/db";
import { LOAD_ENV } from "../tests/support/env";
import { loginFields } from "../tests/support/forms";
import { startLoadServer, stopServer, type Server } from "../tests/support/server";
import { giveUpAfter, percentile, requireBuild } from "./lib/harness";
import {
  Browser,
  inParallel,
  readBallot,
  readProjector,
  seeded,
  sleep,
  startFlakyProxy,
  tally,
  voteBody,
  watchStream,
} from "./lib/show-night";

requireBuild();
const PHONES = Number(process.env.REHEARSE_PHONES ?? 300);
const ARRIVAL_S = Number(process.env.REHEARSE_ARRIVAL_S ?? 60);
const VENUE = "203.0.113.7";
const OFFICE = "192.0.2.10";
const strangerIp = (i: number) => `198.51.100.${(i % 10) + 1}`;
const random = seeded(37);
const t0 = performance.now();
const clock = () => `${((performance.now() - t0) / 1000).toFixed(1).padStart(5)} s`;
const log = (line: string) => console.log(`[${clock()}] ${line}`);

// ---------- the night's data: tonight's show and next week's, each with its line-up ----------
const today = todayIn();
const setup = tempDatabase("rehearsal", (db) => {
  const comic = (name: string, bio: string) =>
    db.insert(comedians).values({ name, bio }).returning().get().id;
  const people = [
    comic("Ava Marchetti", "Stories from the line at the border."),
    comic("Ben Okafor", "Dad jokes with a law degree."),
    comic("Cleo Tremblay", "Winter, hockey and her mother."),
    comic("Dev Raman", "Night shifts at the Chrysler plant."),
    comic("Eli Novak", "Crowd work, fast."),
    comic("Fay Lindqvist", "Next week's opener."),
    comic("Gus Amari", "Next week's closer."),
  ];
  const show = (date: string, lineup: number[]) => {
    const id = db
      .insert(events)
      .values({ title: "2 Minutes to Kill", date, time: "20:00", venue: "Tipsy Toucan" })
      .returning()
      .get().id;
    lineup.forEach((comedianId, position) =>
      db.insert(eventComedians).values({ eventId: id, comedianId, role: "feature", position }).run(),
    );
    return id;
  };
  return {
    tonight: show(today, people.slice(0, 5)),
    nextWeek: show(addDaysIso(today, 7), [people[5], people[6], people[0], people[1]]),
    tonightLineup: people.slice(0, 5),
  };
});
const ids = setup.data;

const problems: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) problems.push(what);
  return ok;
};

let server: Server | undefined;
const disarm = giveUpAfter("rehearsal", 175, () => server);
let exitCode = 0;
try {
  server = await startLoadServer(setup.file, setup.dir, { env: { TRUST_PROXY: "true", LOG_LEVEL: "warn" } });
  const base = server.base;
  const flaky = await startFlakyProxy(base);
  const db = openDatabase(setup.file);

  // ---------- before the doors: the office opens tonight's round and turns the room code on ----------
  const office = new Browser(base, OFFICE);
  const signIn = await office.post(
    "/admin/login",
    loginFields(LOAD_ENV.ADMIN_USERNAME, LOAD_ENV.ADMIN_PASSWORD, "/admin"),
  );
  check(signIn.status === 302, `the office could not sign in (${signIn.status})`);
  const openFor = (eventId: number, date: string, lineup: number[], confirm = false): [string, string][] => [
    ["show", `${eventId}:${date}`],
    ["title", "2 Minutes to Kill - Vote For Your Favorite"],
    ...lineup.map((id): [string, string] => ["comedianIds", String(id)]),
    ...(confirm ? ([["confirm", "yes"]] as [string, string][]) : []),
  ];
  const opened = await office.post(
    `/admin/rounds?show=${ids.tonight}:${today}`,
    openFor(ids.tonight, today, ids.tonightLineup),
  );
  check(opened.status === 302, `tonight's round did not open (${opened.status})`);
  const tonight = db.select().from(votingRounds).where(eq(votingRounds.eventId, ids.tonight)).get()!;
  await office.post("/results", { intent: "room-code", roundId: String(tonight.id), on: "1" });

  // ---------- the actors ----------
  const host = new Browser(base, VENUE);
  const hostState: { gotIn?: { status: number; ms: number }; alarmAfterMs?: number; voided?: number } = {};
  let projectorUrl = `/vote?round=${tonight.id}`;
  let roomCode = "";
  const projectorStates: { expected: string; shown: string | null; ok: boolean }[] = [];

  const projector = async () =>
    readProjector((await host.get(`/results?round=${tonight.id}&view=projector`)).text);
  const expectProjector = async (expected: RegExp, label: string, qr: boolean) => {
    const p = await projector();
    const ok = expected.test(p.text ?? "") && p.voteAt === qr;
    projectorStates.push({
      expected: label,
      shown: `${p.text}${p.voteAt ? " + QR code and 'Vote at'" : ""}`,
      ok,
    });
    check(ok, `the projector showed "${p.text}" (QR: ${p.voteAt}) where it should say ${label}`);
    return p;
  };

  // The stranger: 100 wrong guesses at each gate and 30 at the staff login, from ten addresses.
  const strangerRun = (async () => {
    await sleep(500);
    const stranger = (i: number) => new Browser(base, strangerIp(i));
    const guesses = async (path: string, n: number, body: (i: number) => Record<string, string>) => {
      const answers: number[] = [];
      await inParallel(
        Array.from({ length: n }, (_, i) => i),
        20,
        async (i) => {
          answers.push((await stranger(i).post(path, body(i))).status);
        },
      );
      return answers;
    };
    const results = await guesses("/results", 100, (i) => ({ password: `wrong-${i}` }));
    const booking = await guesses("/booking", 100, (i) => ({ password: `wrong-${i}`, intent: "login" }));
    const login = await guesses("/admin/login", 30, (i) =>
      loginFields(LOAD_ENV.ADMIN_USERNAME, `guess-${i}`),
    );
    log(`stranger: /results ${tally(results)}; /booking ${tally(booking)}; /admin/login ${tally(login)}`);
    return { results, booking, login };
  })();

  // The host arrives with a laptop that never unlocked anything, just after the stranger's guesses.
  const hostArrives = (async () => {
    await strangerRun;
    const attempt = await host.post("/results", { password: LOAD_ENV.RESULTS_PASSWORD });
    hostState.gotIn = { status: attempt.status, ms: attempt.ms };
    log(`host: the results password from a new browser -> ${attempt.status} in ${attempt.ms.toFixed(0)} ms`);
    check(attempt.status === 302, `the host was not let in at the first try (${attempt.status})`);
    // Tonight's order stays hidden until the reveal.
    await host.post("/results/host", { roundId: String(tonight.id), intent: "mode-hidden" });
  })();

  await hostArrives;
  const first = await expectProjector(
    /^Voting open · 0 votes$/,
    '"Voting open · 0 votes" with the QR code',
    true,
  );
  projectorUrl = first.qrUrl?.replace(base, "") ?? projectorUrl;
  roomCode = first.code ?? "";
  check(/\/vote\?round=\d+&code=\d{6}$/.test(projectorUrl), `the QR code leads to ${projectorUrl}`);
  const stream = await watchStream(base, `/results/stream?round=${tonight.id}`, host);

  // The projector as the room sees it: re-read every 2 s (the QR code follows the room code).
  let voting = true;
  const projectorPoll = (async () => {
    while (voting) {
      await sleep(2000);
      if (!voting) break;
      const p = await projector();
      if (p.qrUrl) projectorUrl = p.qrUrl.replace(base, "");
      if (p.code) roomCode = p.code;
    }
  })();

  // ---------- the room: 300 phones behind the venue's address ----------
  type Phone = {
    n: number;
    arrival: number;
    think: number;
    js: boolean;
    flaky: boolean;
    plain: boolean;
    comedianIdx: number;
    email: string;
    doorWaits: number;
    sawRounds: Set<number>;
    token?: string;
    comedianId?: number;
    acked: boolean;
    posts: number;
    postRefusals: string[];
    browser: Browser;
  };
  const weights = [0.3, 0.25, 0.2, 0.15, 0.1];
  const pick = () => {
    let r = random();
    for (let i = 0; i < weights.length; i++) if ((r -= weights[i]) < 0) return i;
    return 0;
  };
  const phones: Phone[] = Array.from({ length: PHONES }, (_, n) => ({
    n,
    arrival: random() * ARRIVAL_S * 1000,
    think: 4000 + random() * 8000,
    js: n % 3 !== 0,
    flaky: n % 5 === 0,
    plain: n % 10 === 7,
    comedianIdx: pick(),
    email: `fan${n}.rehearsal@example.com`,
    doorWaits: 0,
    sawRounds: new Set(),
    acked: false,
    posts: 0,
    postRefusals: [],
    browser: new Browser(base, VENUE),
  }));
  const roomStarted = performance.now();
  const acks: { at: number; count: number }[] = [];
  let ackedCount = 0;

  const phoneNight = async (p: Phone) => {
    await sleep(p.arrival - (performance.now() - roomStarted));
    const get = async (path: string) => {
      let page = await p.browser.get(path);
      // "One moment": too many new phones from the venue this second; the page loads again itself.
      for (let i = 0; page.status === 429 && i < 10; i++) {
        p.doorWaits++;
        await sleep(Number(page.headers.get("Retry-After") ?? 1) * 1000);
        page = await p.browser.get(path);
      }
      return page;
    };
    let page = await get(p.plain ? "/vote" : projectorUrl);
    let ballot = readBallot(page.text);
    let typed = p.plain ? roomCode : (ballot.roomCode ?? "");
    if (ballot.choose || (p.plain && ballot.roundId !== tonight.id)) {
      // More than one show voting: the phone types the room code on the screen.
      typed = roomCode;
      page = await get(`/vote?code=${typed}`);
      ballot = readBallot(page.text);
    }
    p.sawRounds.add(ballot.roundId);
    if (!ballot.token || ballot.roundId !== tonight.id) {
      p.postRefusals.push(`no ballot of tonight's round (status ${page.status}, round ${ballot.roundId})`);
      return;
    }
    p.token = ballot.token;
    p.comedianId = ballot.comedianIds[p.comedianIdx % ballot.comedianIds.length];
    await sleep(p.think);
    const body = voteBody({
      roundId: ballot.roundId,
      token: ballot.token,
      comedianId: p.comedianId,
      email: p.email,
      roomCode: typed,
    });
    const via = p.flaky ? flaky.url : base;
    for (let attempt = 0; attempt < 8 && !p.acked; attempt++) {
      p.posts++;
      try {
        const a = await p.browser.request("POST", p.js ? "/vote/submit" : "/vote", body, {
          base: via,
          json: p.js,
        });
        if (
          p.js
            ? a.status === 200 && JSON.parse(a.text).ok
            : a.status === 302 && (a.headers.get("location") ?? "").includes(`thanks=${ballot.token}`)
        ) {
          p.acked = true;
          acks.push({ at: performance.now(), count: ++ackedCount });
          break;
        }
        p.postRefusals.push(`${a.status} ${a.text.slice(0, 120)}`);
        const wait = Number(a.headers.get("Retry-After") ?? 0);
        if (a.status !== 429 || !wait) return;
        await sleep(wait * 1000);
      } catch {
        // The answer was lost on the way: the page (or the person) sends the same vote again.
        await sleep(1000);
      }
    }
  };
  const roomRun = inParallel(phones, PHONES, phoneNight);
  log(
    `room: ${PHONES} phones from ${VENUE} arriving over ${ARRIVAL_S} s (${phones.filter((p) => p.flaky).length} on a flaky connection, ${phones.filter((p) => p.plain).length} typing the plain address)`,
  );

  // ---------- the office opens next week's round while the room votes ----------
  const officeRun = (async () => {
    await sleep(12_000);
    const nextDate = addDaysIso(today, 7);
    const lineup = db
      .select()
      .from(eventComedians)
      .where(eq(eventComedians.eventId, ids.nextWeek))
      .all()
      .map((r) => r.comedianId);
    const ask = await office.post(
      `/admin/rounds?show=${ids.nextWeek}:${nextDate}`,
      openFor(ids.nextWeek, nextDate, lineup),
    );
    const named =
      ask.status === 200 && ask.text.includes("Another room is voting") && ask.text.includes("Tipsy Toucan");
    check(named, `opening next week's round did not ask first, naming tonight's room (${ask.status})`);
    const yes = await office.post(
      `/admin/rounds?show=${ids.nextWeek}:${nextDate}`,
      openFor(ids.nextWeek, nextDate, lineup, true),
    );
    check(yes.status === 302, `next week's round did not open after the confirmation (${yes.status})`);
    const next = db.select().from(votingRounds).where(eq(votingRounds.eventId, ids.nextWeek)).get();
    log(
      `office: opening next week's round asked first (${named ? "named tonight's room" : "DID NOT NAME IT"}), confirmed -> round ${next?.id} open`,
    );
    return next!;
  })();

  // ---------- the stuffing script in the room ----------
  const scriptRun = (async () => {
    await sleep(22_000);
    const code = roomCode;
    const target = tonight.id;
    const started = performance.now();
    const minted: (Browser | null)[] = [];
    const doorAnswers: number[] = [];
    await inParallel(
      Array.from({ length: 300 }, (_, i) => i),
      50,
      async (i) => {
        const bot = new Browser(base, VENUE);
        const a = await bot.get(`/vote?round=${target}&code=${code}`);
        doorAnswers.push(a.status);
        minted[i] = a.status === 200 && bot.cookies.has("vote_device") ? bot : null;
      },
    );
    const mintSeconds = (performance.now() - started) / 1000;
    const cookies = minted.filter(Boolean).length;
    // A cookie votes once a few seconds old: the script waits, then sends its 300 votes.
    await sleep(MIN_DEVICE_AGE_MS + 200);
    const ballotOf = readBallot(
      (await new Browser(base, OFFICE).get(`/vote?round=${target}&code=${code}`)).text,
    );
    const victim = ballotOf.comedianIds[ballotOf.comedianIds.length - 1];
    const voteAnswers: number[] = [];
    let newCookies = 0;
    await inParallel(
      Array.from({ length: 300 }, (_, i) => i),
      50,
      async (i) => {
        const bot = minted[i] ?? new Browser(base, VENUE);
        const a = await bot.post(
          "/vote/submit",
          voteBody({
            roundId: target,
            token: `stuff${i}x${Date.now().toString(36)}abcdefgh`,
            comedianId: victim,
            email: `made-up-${i}@example.net`,
            roomCode: code,
          }),
          { json: true },
        );
        voteAnswers.push(a.status);
        if (a.status !== 200 && a.headers.getSetCookie().some((c) => c.startsWith("vote_device=")))
          newCookies++;
      },
    );
    const accepted = voteAnswers.filter((s) => s === 200).length;
    const cap = capFor(roomBudgets(DEFAULT_ROOM_SEATS).newPhones, mintSeconds);
    log(
      `script: 300 new phones in ${mintSeconds.toFixed(2)} s -> ${tally(doorAnswers)} (${cookies} cookies); 300 votes for one comedian -> ${tally(voteAnswers)}: ${accepted} accepted (cap ${cap}); fresh cookies handed out on refused posts: ${newCookies}`,
    );
    return { accepted, cap, cookies, mintSeconds, newCookies, victim, doorAnswers };
  })();

  // The host watches the alarm (their results page) while the script runs, and voids the burst.
  const alarmRun = (async () => {
    const script = await scriptRun;
    const since = performance.now();
    let page = "";
    for (let i = 0; i < 40; i++) {
      page = (await host.get(`/results?round=${tonight.id}`)).text;
      if (page.includes("Alarm: possible ballot stuffing") && page.includes('value="void-burst"')) break;
      await sleep(250);
    }
    const alarmOn = page.includes("Alarm: possible ballot stuffing");
    hostState.alarmAfterMs = performance.now() - since;
    check(alarmOn, "the host's page showed no alarm after the stuffing script");
    const form =
      /<form[^>]*action="\/results\/host"[^>]*>((?:(?!<\/form>)[\s\S])*value="void-burst"[\s\S]*?)<\/form>/.exec(
        page,
      )?.[1] ?? "";
    const hidden = Object.fromEntries(
      [...form.matchAll(/name="([a-zA-Z]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (hidden.ip) {
      const before = db
        .select()
        .from(votes)
        .where(and(eq(votes.roundId, tonight.id), isNull(votes.voidedAt)))
        .all().length;
      const v = await host.post("/results/host", { ...hidden, intent: "void-burst" });
      const after = db
        .select()
        .from(votes)
        .where(and(eq(votes.roundId, tonight.id), isNull(votes.voidedAt)))
        .all().length;
      hostState.voided = before - after;
      log(
        `host: alarm on ${(hostState.alarmAfterMs / 1000).toFixed(1)} s after the script's votes; voided the burst (${v.status}): ${before - after} votes`,
      );
    } else {
      log(`host: alarm ${alarmOn ? "on" : "OFF"} (budget hits only: no burst for one comedian to void)`);
    }
    return script;
  })();

  const [script, next] = await Promise.all([alarmRun, officeRun, roomRun]).then(([s, n]) => [s, n] as const);
  voting = false;
  await projectorPoll;
  const stranger = await strangerRun;

  // ---------- the close and the reveal ----------
  const honestAcked = phones.filter((p) => p.acked).length;
  const stored = db.select().from(votes).where(eq(votes.roundId, tonight.id)).all();
  const counting = stored.filter((v) => v.voidedAt === null).length;
  await expectProjector(
    new RegExp(`^Voting open · ${counting} votes$`),
    `"Voting open · ${counting} votes" with the QR code`,
    true,
  );
  const ask = await host.get(`/results?round=${tonight.id}&step=close`);
  check(
    ask.text.includes(`${counting} votes so far.`),
    `"Close voting" did not show the votes so far (${counting})`,
  );
  const closed = await host.post("/results/host", { roundId: String(tonight.id), intent: "close-now" });
  check(closed.status === 302, `closing failed (${closed.status})`);
  await expectProjector(
    new RegExp(`^Voting closed · ${counting} votes$`),
    `"Voting closed · ${counting} votes" without the QR code`,
    false,
  );

  // A phone of the room after the close: its round, closed, never next week's ballot.
  const after = phones.find((p) => p.acked && !p.plain)!;
  const byLink = await after.browser.get(`/vote?round=${tonight.id}`);
  const byPlain = await after.browser.get("/vote");
  const closedForShow = "Voting has closed for 2 Minutes to Kill";
  check(byLink.text.includes(closedForShow), "a phone of the room did not see its round closed");
  check(
    byPlain.text.includes(closedForShow) && !byPlain.text.includes(`name="roundId" value="${next.id}"`),
    "plain /vote on a phone of the room showed another ballot after the close",
  );
  const late = await after.browser.post(
    "/vote/submit",
    voteBody({
      roundId: tonight.id,
      token: `late${Date.now()}abcdefghijk`,
      comedianId: after.comedianId!,
      email: "late.rehearsal@example.com",
      roomCode,
    }),
    { json: true },
  );
  check(late.status === 409, `a vote after the close was not refused (${late.status})`);

  let revealed = 0;
  for (let i = 0; i < 10; i++) {
    const r = await host.post("/results/host", { roundId: String(tonight.id), intent: "reveal-next" });
    check(r.status === 302, `a reveal step failed (${r.status})`);
    const p = await projector();
    revealed++;
    if (p.phase === "winner") {
      projectorStates.push({ expected: '"Winner: …"', shown: p.text, ok: /^Winners?: /.test(p.text ?? "") });
      break;
    }
    const ok = new RegExp(`^Revealing ${revealed} of \\d+$`).test(p.text ?? "");
    projectorStates.push({ expected: `"Revealing ${revealed} of N"`, shown: p.text, ok });
    check(ok, `the projector showed "${p.text}" at reveal step ${revealed}`);
  }
  const final = await projector();
  // The winner the stored, counting votes give.
  const tallyBy = new Map<number, number>();
  for (const v of stored.filter((v) => v.voidedAt === null))
    tallyBy.set(v.comedianId, (tallyBy.get(v.comedianId) ?? 0) + 1);
  const top = Math.max(...tallyBy.values());
  const winners = db
    .select()
    .from(comedians)
    .all()
    .filter((c) => tallyBy.get(c.id) === top)
    .map((c) => c.name);
  check(
    winners.every((w) => (final.text ?? "").includes(w)),
    `the projector's winner "${final.text}" is not ${winners.join(" and ")}`,
  );

  // ---------- the figures ----------
  await stream.close();
  const honest = new Set(phones.map((p) => p.email));
  const honestRows = stored.filter((v) => honest.has(v.email));
  const perPhone = new Map<string, number>();
  for (const v of honestRows) perPhone.set(v.email, (perPhone.get(v.email) ?? 0) + 1);
  const duplicates = [...perPhone.values()].filter((n) => n > 1).length;
  const missing = phones.filter((p) => p.acked && perPhone.get(p.email) !== 1).length;
  const falseRefusals = phones.filter((p) => !p.acked || p.postRefusals.length > 0);
  const wrongBallot = phones.filter((p) => [...p.sawRounds].some((r) => r !== tonight.id));
  const inNextWeek = db.select().from(votes).where(eq(votes.roundId, next.id)).all().length;
  const doorWaited = phones.filter((p) => p.doorWaits > 0);
  const scriptStored = stored.filter((v) => v.email.startsWith("made-up-"));
  const scriptCounting = scriptStored.filter((v) => v.voidedAt === null).length;
  const honestVoided = honestRows.filter((v) => v.voidedAt !== null).length;
  const reach = acks.map((a) => stream.reachedBy(a.count, a.at)).filter((ms): ms is number => ms !== null);

  check(honestAcked === PHONES, `${PHONES - honestAcked} honest phones did not get their vote in`);
  check(
    falseRefusals.length === 0,
    `${falseRefusals.length} honest phones were refused: ${falseRefusals
      .slice(0, 3)
      .map((p) => p.postRefusals[0])
      .join(" | ")}`,
  );
  check(
    duplicates === 0 && missing === 0 && honestRows.length === PHONES,
    `honest votes stored: ${honestRows.length} rows, ${duplicates} duplicated, ${missing} acknowledged but not stored once`,
  );
  check(
    script.accepted <= script.cap,
    `the stuffing script got ${script.accepted} votes, over the cap ${script.cap}`,
  );
  check(script.newCookies === 0, `${script.newCookies} refused posts handed out a fresh device cookie`);
  check(
    wrongBallot.length === 0 && inNextWeek === 0,
    `next week's ballot reached tonight's phones (${wrongBallot.length} phones, ${inNextWeek} votes)`,
  );
  check(
    stranger.results.every((s) => s === 401 || s === 429) &&
      stranger.booking.every((s) => s === 401 || s === 429),
    "the stranger's guesses were not all refused",
  );
  check(
    projectorStates.every((s) => s.ok),
    "the projector did not say every state",
  );

  console.log("\n=== Show night, rehearsed ===");
  console.log(
    `honest phones: ${PHONES} (one address, ${VENUE}); votes acknowledged ${honestAcked}/${PHONES}; stored ${honestRows.length} rows, ${duplicates} duplicates; false refusals: ${falseRefusals.length}`,
  );
  console.log(
    `  flaky connection: ${phones.filter((p) => p.flaky).length} phones, ${flaky.dropped()} answers dropped and sent again (stored once each)`,
  );
  console.log(
    `  waited a moment at the door (new phones over the budget while the script ran): ${doorWaited.length} phones, at most ${Math.max(0, ...doorWaited.map((p) => p.doorWaits))} reload(s) each`,
  );
  console.log(
    `  typed the plain address: ${phones.filter((p) => p.plain).length} phones, all reached tonight's ballot (room code when two rounds were open)`,
  );
  console.log(
    `next week's round (${next.id}) opened by the office at 12 s: tonight's phones saw only round ${tonight.id} (${wrongBallot.length} saw another), votes in next week's round: ${inNextWeek}`,
  );
  console.log(
    `stuffing script: 300 new phones in ${script.mintSeconds.toFixed(2)} s -> ${script.cookies} cookies; ${script.accepted}/300 votes accepted, cap ${script.cap} (${roomBudgets(DEFAULT_ROOM_SEATS).newPhones.perSecond}/s + ${roomBudgets(DEFAULT_ROOM_SEATS).newPhones.burst} a minute for a ${DEFAULT_ROOM_SEATS}-seat room); fresh cookies on refused posts: ${script.newCookies}`,
  );
  console.log(
    `host's alarm: ${hostState.alarmAfterMs !== undefined ? `on ${(hostState.alarmAfterMs / 1000).toFixed(1)} s after the script's votes` : "NOT SEEN"}; burst voided: ${hostState.voided ?? 0} votes (${scriptStored.length - scriptCounting} of the script's ${scriptStored.length}, ${honestVoided} honest votes in the same seconds for that comedian)`,
  );
  console.log(
    `stranger: /results ${tally(stranger.results)}; /booking ${tally(stranger.booking)}; /admin/login ${tally(stranger.login)}`,
  );
  console.log(
    `host on a new browser: the results password -> ${hostState.gotIn?.status} at the first try (${hostState.gotIn?.ms.toFixed(0)} ms, slowed by the shared budget the stranger spent)`,
  );
  console.log(
    `a vote reaching the projector's stream: p50 ${percentile(reach, 50).toFixed(0)} ms, p95 ${percentile(reach, 95).toFixed(0)} ms, max ${Math.max(0, ...reach).toFixed(0)} ms (${reach.length} votes)`,
  );
  console.log("projector, state by state:");
  for (const s of projectorStates)
    console.log(`  ${s.ok ? "ok  " : "FAIL"} expected ${s.expected}; shown "${s.shown}"`);
  console.log(`winner: ${winners.join(" and ")} with ${top} votes; ${counting} votes counted in all`);
  console.log(`took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await flaky.close();
  db.$client.close();
  if (problems.length) {
    exitCode = 1;
    console.error(`\nREHEARSAL FAILED:\n  ${problems.join("\n  ")}`);
  } else {
    console.log("\nOK: every check of the show night held.");
  }
} catch (error) {
  exitCode = 1;
  console.error(error);
} finally {
  disarm();
  if (server) await stopServer(server);
  if (!process.env.KEEP_REHEARSAL_DB) fs.rmSync(setup.dir, { recursive: true, force: true });
  else console.log(`database kept: ${setup.file}`);
}
process.exit(exitCode);
