/**
 * `npm run bench -- --tickets`: what a ticket check costs the room (issue 41). Loopback only,
 * bounded (about 5 minutes; `--quick`: about a minute).
 *
 * The bench's own parts on two rounds of the same server, A/B interleaved because the machine is
 * shared: A has no ticket check (as the main bench), B requires a ticket (its show and date hold
 * 1,000 ticket holders' keyed hashes). In B every vote is looked up among the holders (one HMAC,
 * one indexed read) and queues its verdict mail in the vote's own transaction; the server sends
 * them to a fake SMTP server on loopback while the load runs, as it would in production.
 *
 * - vote POST at 50 connections (the main bench's `measure`, distinct phones and e-mails), three
 *   rounds A,B then B,A then A,B, each 5 s after a 2 s warm-up: p50, p99, the 1-minute load;
 * - the room (scripts/lib/room-bench.ts): 1,000 phones behind one address within 60 s, A then B
 *   (B prefers ticket holders, half the room holds one: the same vote path as "require", and
 *   every vote counts, so the projector's count can be timed);
 * - the mails: how many the fake SMTP server received, and what the outbox still holds.
 */
import os from "node:os";
import { eq } from "drizzle-orm";
import { events, outbox, ticketHolders, votingRounds } from "~/db/schema";
import { openDatabase } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { ticketHolderHash } from "~/utils/ticket-holder-hash.server";
import { startFakeSmtp } from "../tests/fakes/smtp";
import { LOAD_ENV } from "../tests/support/env";
import { startLoadServer, stopServer } from "../tests/support/server";
import { runRoom } from "./lib/room-bench";

type Seeded = { eventId: number; slug: string; roundId: number; comedianIds: number[] };
type Measure = (
  target: { name: string; url: string; vote: true },
  connections: number,
  duration: number,
  seeded: Seeded,
  origin: string,
) => Promise<{ p50: number; p99: number; rps: number; errors: number; non2xx: number; load: number }>;

const loadNow = () => Math.round(os.loadavg()[0] * 10) / 10;

export async function runTicketBench(input: {
  dbPath: string;
  dir: string;
  seeded: Seeded;
  measure: Measure;
  quick: boolean;
}) {
  const { dbPath, dir, seeded, measure, quick } = input;
  // The holders' hashes under the server's key (SESSION_SECRET), as the attendees' read keeps them.
  process.env.SESSION_SECRET = LOAD_ENV.SESSION_SECRET;
  resetEnvCache();
  const database = openDatabase(dbPath);
  const show = { eventId: seeded.eventId, date: "" };
  const checked = database.transaction((tx) => {
    const plain = tx.select().from(votingRounds).where(eq(votingRounds.id, seeded.roundId)).get()!;
    const event = tx.select().from(events).where(eq(events.id, seeded.eventId)).get()!;
    show.date = event.date;
    const round = tx
      .insert(votingRounds)
      .values({
        title: "2 Minutes to Kill - ticket check",
        openedAt: plain.openedAt,
        eventId: seeded.eventId,
        eventDate: event.date,
        ticketCheck: "require",
      })
      .returning()
      .get();
    for (let i = 0; i < 1000; i++)
      tx.insert(ticketHolders)
        .values({
          eventId: seeded.eventId,
          date: event.date,
          attendeeId: `bench-${i}`,
          orderId: `bench-order-${i >> 1}`,
          emailHash: ticketHolderHash(`holder${i}@example.com`),
          checkedIn: false,
        })
        .run();
    return round.id;
  });
  database.$client.exec(
    `insert into round_comedians (round_id, comedian_id) select ${checked}, comedian_id from round_comedians where round_id = ${seeded.roundId}`,
  );

  const smtp = await startFakeSmtp();
  const server = await startLoadServer(dbPath, dir, {
    env: { TRUST_PROXY: "true", LOG_LEVEL: "info", SMTP_URL: smtp.url },
  });
  const origin = server.base;
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  try {
    const rounds = { A: { ...seeded }, B: { ...seeded, roundId: checked } };
    const post = (which: "A" | "B") =>
      ({ name: `/vote (POST) ${which}`, url: `${origin}/vote`, vote: true }) as const;
    const duration = quick ? 2 : 5;
    const warmup = quick ? 1 : 2;
    const orders = quick
      ? [["A", "B"]]
      : [
          ["A", "B"],
          ["B", "A"],
          ["A", "B"],
        ];
    for (const [i, order] of orders.entries())
      for (const which of order as ("A" | "B")[]) {
        await measure(post(which), 50, warmup, rounds[which], origin);
        const r = await measure(post(which), 50, duration, rounds[which], origin);
        say(
          `vote POST c=50 ${which === "A" ? "A (no ticket check)" : "B (require a ticket)"}: ${r.rps.toFixed(0)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors + r.non2xx}  load ${r.load}  (round ${i + 1})`,
        );
      }
    const phones = quick ? 200 : 1000;
    for (const which of ["A", "B"] as const) {
      const tag = `tickets-${which}-${Date.now().toString(36)}`;
      // Half the room holds a ticket (runRoom's voters' e-mails), so both verdicts are mailed.
      if (which === "B")
        database.transaction((tx) => {
          for (let n = 0; n < phones; n += 2)
            tx.insert(ticketHolders)
              .values({
                eventId: seeded.eventId,
                date: show.date,
                attendeeId: `${tag}-${n}`,
                orderId: `${tag}-order-${n}`,
                emailHash: ticketHolderHash(`room${tag}-${n}@example.com`),
                checkedIn: false,
              })
              .run();
        });
      const r = await runRoom(origin, dbPath, {
        phones,
        arrivalSeconds: 45,
        address: `203.0.113.${which === "A" ? 201 : 202}`,
        tag,
        // "prefer": the same vote path as "require" (the holders' lookup, the mail in the vote's
        // transaction), and every vote counts, so the projector's count can be timed.
        round: which === "B" ? { eventId: seeded.eventId, eventDate: show.date, ticketCheck: "prefer" } : {},
      });
      say(
        `room ${which === "A" ? "A (no ticket check)" : "B (prefer ticket holders, half the room holds one)"}: ${r.phones} phones behind one address all voted in ${r.seconds.toFixed(1)} s, ${r.acknowledged} acknowledged, ${r.falseRefusals} false refusals; POST p99 ${r.postP99.toFixed(0)} ms; to the projector p95 ${r.reachP95.toFixed(0)} ms  load ${loadNow()}`,
      );
    }
    const mails = database
      .select({ status: outbox.status, kind: outbox.kind })
      .from(outbox)
      .all()
      .filter((m) => m.kind === "vote-ticket");
    const count = (s: string) => mails.filter((m) => m.status === s).length;
    say(
      `verdict mails: ${mails.length} queued, ${count("sent")} sent (${smtp.received.length} at the fake SMTP server), ${count("pending")} pending, ${count("failed")} failed when the load ended`,
    );
  } finally {
    await stopServer(server);
    await smtp.close();
    database.$client.close();
  }
  return lines;
}
