/**
 * Issue 37, stuffing from inside the room: a script on the room's own address, with the room
 * code, as the issue found it (300 of 300 votes in 1.4 s). A server of its own behind a trusted
 * proxy (each actor its own address), so the budgets it spends are its own. On the code before
 * issue 37: every one of the script's 300 new phones got a cookie, a refused post handed out a
 * fresh one, and a brand-new cookie voted at once.
 */
import { capFor, DEFAULT_ROOM_SEATS, roomBudgets } from "~/lib/room-budgets";
import { E2E_ENV } from "../support/env";
import { startSeededServer, type SeededServer } from "../support/server";
import { createRound, uniq, votesIn } from "../support/voting";
import { expect, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

let server: SeededServer;
test.beforeAll(async () => {
  server = await startSeededServer({ TRUST_PROXY: "true" });
});
test.afterAll(async () => server.close());

const ROOM = "203.0.113.37";
const get = (path: string, ip = ROOM, cookie = "") =>
  fetch(`${server.url}${path}`, { headers: { "Fly-Client-IP": ip, ...(cookie ? { Cookie: cookie } : {}) } });
const post = (path: string, body: Record<string, string>, cookie: string, ip = ROOM) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: {
      "Fly-Client-IP": ip,
      Origin: server.url,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(body),
    redirect: "manual",
  });
const deviceCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("vote_device=")) ?? null;

test("a script in the room: its burst of new phones is capped, a refused post hands out no cookie, a brand-new cookie cannot vote at once; the host sees the alarm @once", async () => {
  const round = createRound(server.database, "Stuffed room", [{ name: "Ada" }, { name: "Bo" }]);
  const ballot = `/vote?round=${round.roundId}`;

  // 300 new phones from the room's address as fast as the script can ask.
  const cookies: string[] = [];
  const statuses: number[] = [];
  const started = performance.now();
  for (let wave = 0; wave < 6; wave++) {
    const answers = await Promise.all(Array.from({ length: 50 }, () => get(ballot)));
    for (const a of answers) {
      statuses.push(a.status);
      const c = deviceCookie(a);
      if (c) cookies.push(c);
      await a.arrayBuffer();
    }
  }
  const seconds = (performance.now() - started) / 1000;
  // The round's budget of new phones (300 seats: 10 a second and 30 a minute) held it to what
  // the budget lets through in the time the script took (40 in its first second; a loaded
  // machine stretches the burst, so the cap is computed from the time it really took).
  const cap = capFor(roomBudgets(DEFAULT_ROOM_SEATS).newPhones, seconds);
  const note = `cookies handed out: ${cookies.length} in ${seconds.toFixed(1)} s (cap ${cap})`;
  // (Before issue 37 every one of the 300 got a cookie.)
  expect(cookies.length, note).toBeLessThanOrEqual(cap);
  expect(statuses.filter((s) => s === 429).length, note).toBe(300 - cookies.length);

  // A post without a cookie is refused and hands out none (the script used to vote with it next).
  const token = () => `stuff${uniq()}${uniq()}abcdefgh`;
  const bare = await post(
    "/vote/submit",
    {
      roundId: String(round.roundId),
      voteToken: token(),
      comedianId: String(round.comedians[0].id),
      email: `x${uniq()}@example.net`,
    },
    "",
  );
  expect(bare.status).toBe(400);
  expect(deviceCookie(bare)).toBeNull();

  // A cookie handed out a moment ago cannot vote yet: the script has to wait like a person.
  const justNow = await get(ballot, "198.51.100.201");
  await justNow.arrayBuffer();
  const fresh = await post(
    "/vote/submit",
    {
      roundId: String(round.roundId),
      voteToken: token(),
      comedianId: String(round.comedians[0].id),
      email: `y${uniq()}@example.net`,
    },
    deviceCookie(justNow)!,
    "198.51.100.201",
  );
  expect(fresh.status).toBe(429);
  expect(Number(fresh.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(votesIn(server.database, round.roundId)).toHaveLength(0);
  // A room's phone from another address is not held by the script's budget.
  const other = await get(ballot, "198.51.100.200");
  expect(other.status).toBe(200);
  expect(deviceCookie(other)).not.toBeNull();

  // The host (the results password, from the bar's laptop) sees the alarm: the room's address
  // went over the round's budget of new phones, with how many were refused.
  const HOST = "192.0.2.250";
  const unlock = await post(
    `/results?round=${round.roundId}`,
    { password: E2E_ENV.RESULTS_PASSWORD },
    "",
    HOST,
  );
  expect(unlock.status).toBe(302);
  const hostCookies = unlock.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const html = await (await get(`/results?round=${round.roundId}`, HOST, hostCookies)).text();
  // The page's text as a reader gets it (React's text separators and entities out).
  const text = html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'");
  expect(text).toContain("Alarm: possible ballot stuffing");
  expect(text).toContain(`New phones from ${ROOM} over this round's budget: ${300 - cookies.length} refused`);
});
