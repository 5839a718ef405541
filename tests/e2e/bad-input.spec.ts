import http from "node:http";
import type { APIRequestContext } from "@playwright/test";
import { and, eq, like, or, sql } from "drizzle-orm";
import {
  comedians,
  contactMessages,
  contestantApplications,
  events,
  newsletterSignups,
  votes,
  votingRounds,
} from "~/db/schema";
import { EVENT_FIELD_MAX, eventFormSchema } from "~/lib/event-form";
import { contactSchema } from "~/lib/forms/contact";
import { FUN_BIO_MAX, contestantApplicationSchema } from "~/lib/forms/contestant-application";
import { newsletterSchema } from "~/lib/forms/newsletter";
import { comedianSchema, openRoundSchema, voteSchema } from "~/lib/vote-schema";
import type { DB } from "~/utils/db.server";
import { insertShow } from "../support/shows";
import { signInAsStaff } from "../support/staff";
import { closeTestRound, createRound, uniq } from "../support/voting";
import { expect, test } from "./fixtures";

/**
 * Bad input on every form and resource route, at the HTTP level: empty bodies, fields over
 * their limits, bodies over 1 MB, wrong shapes (arrays, objects, duplicated fields), no or a
 * foreign Origin, and bodies that are not web forms. Each must answer a 4xx (never a 500)
 * and store nothing. Other spec files write to the same database in parallel, so "nothing
 * stored" is checked on this test's own rows (its unique tag, its own show and round)
 * rather than on whole-table counts.
 */

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "HTTP only: runs once");

type FormCase = {
  name: string;
  path: string;
  /** A valid submission (checked against the form's schema so each bad case is bad for one reason). */
  valid: Record<string, string>;
  /** Text fields and their limits. */
  limits: Record<string, number>;
  /** Rows this test could have stored (must stay 0 / unchanged). */
  stored: () => unknown;
  /** Forms whose wrong guesses spend a shared per-IP budget: only the cases refused before the action. */
  budgeted?: boolean;
  /** Optional text fields: sending them twice is refused, leaving them out is not an error. */
  optional?: string[];
  /** Forms that take a file (the event form's poster): multipart is their format, so a bad multipart body fails validation (400), not the content type. */
  multipart?: boolean;
};

type Outcome = { label: string; status: number; multipart?: boolean };

const ONE_MB = 1024 * 1024;

async function send(
  request: APIRequestContext,
  path: string,
  body: string | Buffer,
  contentType: string | null,
  origin: string | null,
): Promise<number> {
  const headers: Record<string, string> = {};
  if (contentType) headers["Content-Type"] = contentType;
  if (origin) headers.Origin = origin;
  const response = await request.post(path, {
    data: body,
    headers,
    maxRedirects: 0,
    failOnStatusCode: false,
  });
  return response.status();
}

const encode = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();
const FORM = "application/x-www-form-urlencoded";

/** Every bad variant of a form, with the status range it must answer. */
async function attack(request: APIRequestContext, origin: string, form: FormCase): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const valid = Object.entries(form.valid);
  const go = async (
    label: string,
    body: string | Buffer,
    type: string | null = FORM,
    from: string | null = origin,
  ) => {
    outcomes.push({
      label: `${form.name}: ${label}`,
      status: await send(request, form.path, body, type, from),
      multipart: form.multipart,
    });
  };

  // Refused before the route runs (the server's middleware): budget-free for every form.
  await go("no Origin", encode(valid), FORM, null);
  await go("a foreign Origin", encode(valid), FORM, "https://evil.example");
  await go("Origin null", encode(valid), FORM, "null");
  await go("a body over 1 MB", encode([...valid, ["padding", "x".repeat(ONE_MB + 10)]]));
  await go("JSON", JSON.stringify({ ...form.valid, extra: [1, 2, { a: 3 }] }), "application/json");
  await go("text/plain", valid.map(([k, v]) => `${k}=${v}`).join("\n"), "text/plain");
  await go("no content type", encode(valid), null);
  await go("XML", "<form><name>x</name></form>", "application/xml");

  if (form.budgeted) {
    await go("an empty body", "");
    return outcomes;
  }
  await go("an empty body", "");
  await go(
    "multipart",
    `--xyz\r\nContent-Disposition: form-data; name="${valid[0][0]}"\r\n\r\n${valid[0][1]}\r\n--xyz--\r\n`,
    "multipart/form-data; boundary=xyz",
  );
  await go("multipart without a boundary", encode(valid), "multipart/form-data");
  await go(
    "broken multipart",
    '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
    "multipart/form-data; boundary=xyz",
  );
  for (const [field, max] of Object.entries(form.limits)) {
    const over = `${form.valid[field] ?? ""}${"x".repeat(max + 1)}`;
    await go(
      `${field} over its ${max}-character limit`,
      encode(valid.map(([k, v]) => [k, k === field ? over : v])),
    );
  }
  for (const field of Object.keys(form.limits)) {
    const others = valid.filter(([k]) => k !== field);
    await go(
      `${field} sent twice`,
      encode([...others, [field, form.valid[field]], [field, `${form.valid[field]} again`]]),
    );
    if (form.optional?.includes(field)) continue;
    await go(
      `${field} as an array`,
      encode([...others, [`${field}[0]`, form.valid[field]], [`${field}[1]`, "b"]]),
    );
    await go(`${field} as an object`, encode([...others, [`${field}.nested`, form.valid[field]]]));
    await go(`${field} missing`, encode(others));
  }
  return outcomes;
}

function expectRefused(outcomes: Outcome[]) {
  const wrong = outcomes
    .filter((o) => o.status < 400 || o.status >= 500)
    .map((o) => `${o.label} → ${o.status}`);
  expect(wrong, "every bad request answers a 4xx").toEqual([]);
  const expectStatus = (fragment: string, status: number) => {
    for (const o of outcomes.filter((x) => x.label.endsWith(fragment)))
      expect(o.status, o.label).toBe(status);
  };
  expectStatus(": no Origin", 403);
  expectStatus(": a foreign Origin", 403);
  expectStatus(": a body over 1 MB", 413);
  expectStatus(": JSON", 415);
  expectStatus(": text/plain", 415);
  // Multipart is refused by content type, except on the forms that take a file: there a
  // multipart body missing the form's fields is a bad form (400), still with nothing stored.
  for (const o of outcomes.filter((x) => x.label.endsWith(": multipart")))
    expect(o.status, o.label).toBe(o.multipart ? 400 : 415);
}

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const has = (column: Parameters<typeof like>[0], tag: string) => like(column, `%${tag}%`);
const count = (db: DB, table: Parameters<DB["select"]>[0] extends never ? never : any, where: any) =>
  (
    db
      .select({ n: sql<number>`count(*)` })
      .from(table)
      .where(where)
      .get() as { n: number }
  ).n;

test("public forms refuse bad input and store nothing", async ({ request, db, baseURL }) => {
  test.setTimeout(90_000);
  const origin = new URL(baseURL!).origin;
  const tag = uniq();
  const show = insertShow(db, {
    title: `Bad input show ${tag}`,
    date: inDays(20),
    venue: "Test venue",
    acceptsApplications: true,
    applicationsCloseAt: new Date(Date.now() + 10 * 86_400_000),
  });
  const round = createRound(db, "Bad input round", [{ name: "Alpha" }, { name: "Beta" }]);
  const voteValid = {
    roundId: String(round.roundId),
    voteToken: `tok${tag}${"a".repeat(16)}`,
    comedianId: String(round.comedians[0].id),
    email: `voter-${tag}@example.com`,
  };
  const forms: FormCase[] = [
    {
      name: "contact",
      path: "/contact",
      valid: {
        name: `Pat ${tag}`,
        email: `pat-${tag}@example.com`,
        subject: `Hello ${tag}`,
        message: `A message ${tag}`,
      },
      limits: { name: 100, subject: 200, message: 5000, email: 254 },
      stored: () =>
        count(
          db,
          contactMessages,
          or(
            has(contactMessages.name, tag),
            has(contactMessages.email, tag),
            has(contactMessages.message, tag),
            eq(contactMessages.name, ""),
          ),
        ),
    },
    {
      name: "newsletter",
      path: "/merch",
      valid: { email: `fan-${tag}@example.com`, consent: "newsletter-2026-11" },
      limits: { email: 254 },
      stored: () =>
        count(db, newsletterSignups, or(has(newsletterSignups.email, tag), eq(newsletterSignups.email, ""))),
    },
    {
      name: "application",
      path: `/event/${show.id}/apply`,
      valid: {
        from_name: `Sam ${tag}`,
        from_email: `sam-${tag}@example.com`,
        mobile_number: "519-555-0100",
        is_over_19: "on",
        can_attend: "yes",
        accepts_terms: "on",
        fun_bio: `Funny ${tag}`,
      },
      limits: { from_name: 100, fun_bio: FUN_BIO_MAX, from_email: 254, mobile_number: 20 },
      optional: ["fun_bio"],
      stored: () => count(db, contestantApplications, eq(contestantApplications.eventId, show.id)),
    },
    {
      name: "vote (form)",
      path: `/vote?round=${round.roundId}`,
      valid: voteValid,
      limits: { email: 254, voteToken: 64, comedianId: 15 },
      stored: () => count(db, votes, eq(votes.roundId, round.roundId)),
    },
    {
      name: "vote (fetch)",
      path: "/vote/submit",
      valid: voteValid,
      limits: { email: 254, voteToken: 64, roundId: 15 },
      stored: () => count(db, votes, eq(votes.roundId, round.roundId)),
    },
    {
      name: "booking gate",
      path: "/booking",
      valid: { intent: "login", password: "wrong" },
      limits: {},
      stored: () => 0,
      budgeted: true,
    },
    {
      name: "results gate",
      path: "/results",
      valid: { password: "wrong" },
      limits: {},
      stored: () => 0,
      budgeted: true,
    },
    {
      name: "staff login",
      path: "/admin/login",
      valid: { username: `x${tag}`, password: "wrong" },
      limits: {},
      stored: () => 0,
      budgeted: true,
    },
  ];
  expect(contactSchema.safeParse(forms[0].valid).success).toBe(true);
  expect(newsletterSchema.safeParse(forms[1].valid).success).toBe(true);
  expect(
    contestantApplicationSchema.safeParse({ ...forms[2].valid, is_over_19: true, accepts_terms: true })
      .success,
  ).toBe(true);
  expect(voteSchema.safeParse(voteValid).success).toBe(true);

  try {
    const outcomes: Outcome[] = [];
    for (const form of forms) outcomes.push(...(await attack(request, origin, form)));
    expectRefused(outcomes);
    for (const form of forms) expect(form.stored(), `${form.name}: nothing stored`).toBe(0);
    console.log(`bad-input: ${outcomes.length} public requests refused`);
  } finally {
    closeTestRound(db, round.roundId);
    db.update(events).set({ archivedAt: new Date() }).where(eq(events.id, show.id)).run();
  }
});

test("staff forms refuse bad input and change nothing", async ({ page, context, db, baseURL }) => {
  test.setTimeout(90_000);
  const origin = new URL(baseURL!).origin;
  await signInAsStaff(context, db, baseURL!);
  const tag = uniq();
  const show = insertShow(db, {
    title: `Staff bad input ${tag}`,
    date: inDays(25),
    time: "20:00",
    venue: "Test venue",
    ticketUrl: "https://tickets.example.com/x",
  });
  const round = createRound(db, "Staff bad input round", [{ name: "Gamma" }], false);
  const eventValid = {
    title: `Bad event ${tag}`,
    description: `About ${tag}`,
    date: inDays(30),
    time: "8:00 PM",
    venue: `Venue ${tag}`,
    ticketUrl: `https://tickets.example.com/${tag}`,
    price: "$20",
  };
  const snapshot = () => JSON.stringify(db.select().from(events).where(eq(events.id, show.id)).get());
  const before = snapshot();
  const forms: FormCase[] = [
    {
      name: "add event",
      path: "/admin/events/new",
      valid: eventValid,
      limits: {
        title: EVENT_FIELD_MAX.title,
        description: EVENT_FIELD_MAX.description,
        venue: EVENT_FIELD_MAX.venue,
        ticketUrl: EVENT_FIELD_MAX.url,
        price: EVENT_FIELD_MAX.price,
        time: EVENT_FIELD_MAX.short,
      },
      optional: ["description", "price"],
      multipart: true,
      stored: () =>
        count(db, events, or(has(events.title, tag), has(events.venue, tag), has(events.description, tag))) -
        1,
    },
    {
      name: "edit event",
      path: `/admin/events/${show.id}`,
      valid: eventValid,
      limits: {
        title: EVENT_FIELD_MAX.title,
        description: EVENT_FIELD_MAX.description,
        venue: EVENT_FIELD_MAX.venue,
      },
      optional: ["description"],
      multipart: true,
      stored: () => (snapshot() === before ? 0 : 1),
    },
    {
      name: "add comedian",
      path: "/manage-comedians",
      valid: { intent: "add", name: `Comic ${tag}`, bio: `Bio ${tag}` },
      limits: { name: 100, bio: 500 },
      optional: ["bio"],
      // Its add form may carry a headshot (issue 42).
      multipart: true,
      stored: () => count(db, comedians, or(has(comedians.name, tag), has(comedians.bio, tag))),
    },
    {
      name: "open round",
      path: "/admin/rounds",
      valid: {
        intent: "open",
        show: `${show.id}:${show.date}`,
        title: `Round ${tag}`,
        comedianIds: String(round.comedians[0].id),
      },
      limits: { title: 120 },
      stored: () => count(db, votingRounds, has(votingRounds.title, tag)),
    },
  ];
  expect(eventFormSchema.safeParse(eventValid).success).toBe(true);
  expect(comedianSchema.safeParse(forms[2].valid).success).toBe(true);
  expect(
    openRoundSchema.safeParse({ ...forms[3].valid, comedianIds: [forms[3].valid.comedianIds] }).success,
  ).toBe(true);

  try {
    const outcomes: Outcome[] = [];
    for (const form of forms) outcomes.push(...(await attack(page.request, origin, form)));
    // Duplicated or reshaped ids on the round form are refused too.
    outcomes.push({
      label: "open round: a comedian id that is not a number",
      status: await send(
        page.request,
        "/admin/rounds",
        encode([
          ["intent", "open"],
          ["title", `Round ${tag}`],
          ["comedianIds", "1 OR 1=1"],
        ]),
        FORM,
        origin,
      ),
    });
    outcomes.push({
      label: "unknown intent",
      status: await send(page.request, "/manage-comedians", encode([["intent", "<script>"]]), FORM, origin),
    });
    expectRefused(outcomes);
    for (const form of forms) expect(form.stored(), `${form.name}: nothing stored`).toBe(0);
    console.log(`bad-input: ${outcomes.length} staff requests refused`);
  } finally {
    closeTestRound(db, round.roundId);
    db.update(events)
      .set({ archivedAt: new Date() })
      .where(and(eq(events.id, show.id)))
      .run();
  }
});

test("a streamed (chunked) body over 1 MB is refused too", async ({ baseURL }) => {
  const url = new URL("/contact", baseURL);
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { Origin: url.origin, "Content-Type": FORM, "Transfer-Encoding": "chunked" },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", (error) => (/EPIPE|ECONNRESET/.test(String(error)) ? undefined : reject(error)));
    const chunk = "message=" + "x".repeat(64 * 1024);
    let sent = 0;
    const pump = () => {
      while (sent < 1.5 * ONE_MB) {
        sent += chunk.length;
        if (!req.write(chunk)) return req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
  expect(status).toBe(411);
});

test("resource routes: foreign, oversized and non-form posts are refused; read-only routes answer 405", async ({
  page,
  context,
  db,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await signInAsStaff(context, db, baseURL!);
  const tag = uniq();
  const show = insertShow(db, {
    title: `Resource routes ${tag}`,
    date: inDays(22),
    venue: "Test venue",
    ticketUrl: "https://tickets.example.com/r",
  });
  const before = JSON.stringify(db.select().from(events).where(eq(events.id, show.id)).get());
  const writes = [
    "/admin/sync",
    `/admin/events/${show.id}/archive`,
    `/admin/events/${show.id}/sold-out`,
    "/admin/logout",
    "/vote/submit",
    "/test-delete",
  ];
  const readOnly = [
    "/calendar.ics",
    `/event/${show.id}/calendar.ics`,
    "/sitemap.xml",
    "/robots.txt",
    "/healthcheck",
    `/admin/applications.csv?event=${show.id}`,
  ];
  const outcomes: Outcome[] = [];
  try {
    for (const path of writes) {
      const body = encode([
        ["soldOut", "true"],
        ["confirm", "yes"],
      ]);
      outcomes.push({
        label: `${path}: no Origin`,
        status: await send(page.request, path, body, FORM, null),
      });
      outcomes.push({
        label: `${path}: a foreign Origin`,
        status: await send(page.request, path, body, FORM, "https://evil.example"),
      });
      outcomes.push({
        label: `${path}: a body over 1 MB`,
        status: await send(page.request, path, `${body}&x=${"x".repeat(ONE_MB)}`, FORM, origin),
      });
      outcomes.push({
        label: `${path}: JSON`,
        status: await send(page.request, path, JSON.stringify({ soldOut: true }), "application/json", origin),
      });
      outcomes.push({
        label: `${path}: text/plain`,
        status: await send(page.request, path, "soldOut=true", "text/plain", origin),
      });
    }
    for (const path of readOnly) {
      outcomes.push({
        label: `${path}: a post`,
        status: await send(page.request, path, "a=1", FORM, origin),
      });
    }
    expectRefused(outcomes);
    for (const o of outcomes.filter((x) => x.label.endsWith(": a post"))) expect(o.status, o.label).toBe(405);
    expect(
      JSON.stringify(db.select().from(events).where(eq(events.id, show.id)).get()),
      "the show is unchanged",
    ).toBe(before);
    // Still signed in: the refused logouts did nothing.
    const admin = await page.request.get("/admin");
    expect(new URL(admin.url()).pathname).toBe("/admin");
  } finally {
    db.update(events).set({ archivedAt: new Date() }).where(eq(events.id, show.id)).run();
  }
});
