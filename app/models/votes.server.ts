import { and, desc, eq, gt, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import {
  comedians,
  events,
  roundComedians,
  roundTallies,
  ticketHolders,
  voteMinutes,
  votes,
  votingRounds,
  type Vote,
  type VotingRound,
} from "~/db/schema";
import { computeStandings, type Standings } from "~/lib/results";
import { isVotingOpen } from "~/lib/reveal";
import { SITE } from "~/lib/site";
import { ticketVerdictMail, type TicketCheck, type TicketCount, type VerdictCause } from "~/lib/ticket-votes";
import { recordAudit } from "~/models/audit.server";
import { enqueueMail, wakeOutbox } from "~/models/outbox.server";
import type { StaffIdentity } from "~/models/staff.server";
import { db, IMMEDIATE, perConnection, type DB } from "~/utils/db.server";
import { ticketHolderHash } from "~/utils/ticket-holder-hash.server";

export type CastVoteInput = {
  roundId: number;
  comedianId: number;
  /** As typed, normalised for display (lower-cased, trimmed, invisible characters removed). */
  email: string;
  /** canonicalEmail(email): the key "one vote per round and e-mail" is decided on. */
  emailKey: string;
  voteToken: string;
  ipAddress: string | null;
  /** The server-issued device cookie's id: one vote per round and device. */
  deviceId: string;
};

export type CastVoteResult =
  /** Stored now. */
  | { status: "recorded"; vote: Vote }
  /** This vote again (a retried post: same token and e-mail, or this device re-sending its own e-mail). */
  | { status: "repeat"; vote: Vote }
  /** This device already voted in the round with another e-mail. */
  | { status: "device-voted" }
  /**
   * This e-mail already voted (from another device). Deliberately carries nothing about that
   * vote: the answer must be the same whatever was chosen, or it would tell whom they chose.
   */
  | { status: "already-voted" }
  /** The token was used for a vote with another e-mail (an edited, resubmitted page). */
  | { status: "token-used" }
  | { status: "round-closed" }
  | { status: "not-in-round" };

/*
 * Issue 20: the vote post's queries as prepared statements, prepared once per connection
 * (drizzle builds and prepares its SQL on every call, which was the largest share of a vote
 * post's time). One set of statements is the one path every vote goes through.
 */
type VoteRow = {
  id: number;
  round_id: number;
  comedian_id: number;
  email: string;
  email_key: string | null;
  vote_token: string;
  ip_address: string | null;
  device_id: string | null;
  created_at: number;
  voided_at: number | null;
  ticket_verified: number | null;
};
const toVote = (r: VoteRow): Vote => ({
  id: r.id,
  roundId: r.round_id,
  comedianId: r.comedian_id,
  email: r.email,
  emailKey: r.email_key,
  voteToken: r.vote_token,
  ipAddress: r.ip_address,
  deviceId: r.device_id,
  createdAt: new Date(r.created_at),
  voidedAt: r.voided_at === null ? null : new Date(r.voided_at),
  ticketVerified: r.ticket_verified === null ? null : r.ticket_verified === 1,
});
const at = (ms: number | null) => (ms === null ? null : new Date(ms));

function prepareVoteStatements(database: DB) {
  const client = database.$client;
  const s = {
    round: client.prepare<
      [number],
      {
        opened_at: number | null;
        closed_at: number | null;
        closes_at: number | null;
        event_id: number | null;
        event_date: string | null;
        ticket_check: TicketCheck;
        show: string;
      }
    >(
      `select r.opened_at, r.closed_at, r.closes_at, r.event_id, r.event_date, r.ticket_check, coalesce(e.title, r.title) as show
       from voting_rounds r left join events e on e.id = r.event_id where r.id = ?`,
    ),
    // Issue 41: whether a ticket of the round's performance was bought with this (hashed) e-mail.
    holder: client.prepare<[number, string, string], { one: number }>(
      "select 1 as one from ticket_holders where event_id = ? and date = ? and email_hash = ? limit 1",
    ),
    byToken: client.prepare<[string], VoteRow>("select * from votes where vote_token = ?"),
    eligible: client.prepare<[number, number], { id: number }>(
      "select c.id from round_comedians rc join comedians c on c.id = rc.comedian_id where rc.round_id = ? and rc.comedian_id = ? and c.deleted_at is null",
    ),
    fromDevice: client.prepare<[number, string], VoteRow>(
      "select * from votes where round_id = ? and device_id = ? limit 1",
    ),
    insert: client.prepare<
      [number, number, string, string, string, string | null, string, number | null],
      VoteRow
    >(
      "insert into votes (round_id, comedian_id, email, email_key, vote_token, ip_address, device_id, ticket_verified) values (?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning *",
    ),
    votedFrom: client.prepare<[number, string], { one: number }>(
      "select 1 as one from votes where round_id = ? and device_id = ? limit 1",
    ),
    receipt: client.prepare<
      [number, string, string | null, string | null],
      {
        comedian_name: string;
        email: string;
        created_at: number;
        round_id: number;
        ticket_check: TicketCheck;
      }
    >(
      // Issue 41: not whether the vote is a ticket holder's: the screen must not depend on it.
      `select c.name as comedian_name, v.email, v.created_at, v.round_id, r.ticket_check
       from votes v join comedians c on c.id = v.comedian_id join voting_rounds r on r.id = v.round_id
       where v.round_id = ? and v.device_id = ? and (? is null or v.vote_token = ?) order by v.created_at desc, v.id desc limit 1`,
    ),
  };
  /** Set when a cast queued a mail: the sender is woken after the commit. */
  let mailed = false;
  const castOne = (input: CastVoteInput): CastVoteResult => {
    const row = s.round.get(input.roundId);
    const round = row && {
      openedAt: at(row.opened_at),
      closedAt: at(row.closed_at),
      closesAt: at(row.closes_at),
    };
    const byToken = () => {
      const v = s.byToken.get(input.voteToken);
      return v ? toVote(v) : undefined;
    };
    const isRetry = (v: Vote | undefined): v is Vote =>
      !!v &&
      v.roundId === input.roundId &&
      (v.emailKey ?? v.email) === input.emailKey &&
      v.deviceId === input.deviceId;
    if (!round || !isVotingOpen(round, new Date())) {
      // A retry of a vote stored just before the round closed still gets its thank-you.
      const earlier = byToken();
      if (isRetry(earlier)) return { status: "repeat", vote: earlier };
      return { status: "round-closed" };
    }
    const sameToken = byToken();
    if (sameToken)
      return isRetry(sameToken) ? { status: "repeat", vote: sameToken } : { status: "token-used" };
    if (!s.eligible.get(input.roundId, input.comedianId)) return { status: "not-in-round" };
    const fromDevice = s.fromDevice.get(input.roundId, input.deviceId);
    if (fromDevice) {
      // The device that voted may see its own vote again; any other e-mail from it is refused.
      return (fromDevice.email_key ?? fromDevice.email) === input.emailKey
        ? { status: "repeat", vote: toVote(fromDevice) }
        : { status: "device-voted" };
    }
    // Issue 41: in a round that checks tickets, the vote is a ticket holder's or unverified.
    const verified =
      row.ticket_check === "off"
        ? null
        : row.event_id !== null &&
            row.event_date !== null &&
            s.holder.get(row.event_id, row.event_date, ticketHolderHash(input.emailKey)) !== undefined
          ? 1
          : 0;
    const inserted = s.insert.get(
      input.roundId,
      input.comedianId,
      input.email,
      input.emailKey,
      input.voteToken,
      input.ipAddress,
      input.deviceId,
      verified,
    );
    if (inserted) {
      // Issue 41: whether it is a ticket holder's vote is told to the address typed only, by a
      // mail written in this same transaction (the screen says the same to everyone).
      const mail =
        verified === null
          ? null
          : ticketVerdictMail({
              cause: "cast",
              rule: row.ticket_check,
              verified: verified === 1,
              show: row.show,
              date: row.event_date,
              email: input.email,
              site: SITE.name,
            });
      if (mail) {
        enqueueMail({ kind: "vote-ticket", refId: inserted.id, to: input.email, ...mail }, database);
        mailed = true;
      }
      return { status: "recorded", vote: toVote(inserted) };
    }
    // The (round, e-mail key) index refused it: that e-mail voted from another device.
    return { status: "already-voted" };
  };
  const cast = client.transaction(castOne);
  /** Several votes in one transaction, one after another (see queueVote). */
  const castAll = client.transaction((inputs: CastVoteInput[]) => inputs.map(castOne));
  /** The same, each vote in a savepoint of its own, so a vote that throws is undone alone. */
  const castEach = client.transaction((inputs: CastVoteInput[]) =>
    inputs.map((input): { ok: CastVoteResult } | { error: unknown } => {
      try {
        return { ok: cast(input) };
      } catch (error) {
        return { error };
      }
    }),
  );
  /** Whether mail was queued since the last ask (then wake the sender, after the commit). */
  const takeMailed = () => {
    const was = mailed;
    mailed = false;
    return was;
  };
  return { ...s, cast, castAll, castEach, takeMailed };
}

const voteStatements = perConnection(prepareVoteStatements);

/**
 * Stores one vote per round, per e-mail key and per device. It all happens in one IMMEDIATE
 * transaction (SQLite's single writer), so two parallel posts cannot both pass the device
 * check; the unique index on (round, e-mail key) backs the e-mail rule up in the database.
 */
export function castVote(input: CastVoteInput, database: DB = db()): CastVoteResult {
  const statements = voteStatements(database);
  try {
    return statements.cast.immediate(input);
  } finally {
    if (statements.takeMailed()) wakeOutbox();
  }
}

type QueuedVote = {
  input: CastVoteInput;
  resolve: (result: CastVoteResult) => void;
  reject: (error: unknown) => void;
};
/** Votes waiting for their connection's next commit (see queueVote). */
const voteQueue = perConnection((): QueuedVote[] => []);
/** Votes per transaction at most: a flood is stored in slices, so no one commit holds the loop long. */
export const VOTES_PER_COMMIT = 200;

/**
 * `castVote` for a room voting at once (issue 20): the votes that arrive in the same turn of the
 * event loop are stored in one write transaction (storeBatch), a failing vote is undone alone,
 * and the rules run vote after vote as before (a second vote from the same
 * device in the batch sees the first). The commit, SQLite's locks and the WAL write are then paid
 * once a batch instead of once a vote. Each promise settles after the commit: a reply never says
 * "thanks" for a vote that is not stored.
 */
export function queueVote(input: CastVoteInput, database: DB = db()): Promise<CastVoteResult> {
  const queue = voteQueue(database);
  const started = queue.length === 0;
  const settled = new Promise<CastVoteResult>((resolve, reject) => queue.push({ input, resolve, reject }));
  if (started) setImmediate(() => commitQueue(database, queue));
  return settled;
}

function commitQueue(database: DB, queue: QueuedVote[]) {
  const batch = queue.splice(0, VOTES_PER_COMMIT);
  if (queue.length > 0) setImmediate(() => commitQueue(database, queue));
  let outcomes: ({ ok: CastVoteResult } | { error: unknown })[];
  try {
    const statements = voteStatements(database);
    outcomes = storeBatch(
      statements,
      batch.map((v) => v.input),
    );
    // Issue 41: verdict mails were queued with these votes: the sender goes once they are committed.
    if (statements.takeMailed()) wakeOutbox();
  } catch (error) {
    // The commit itself failed (a full disk): none of the batch is stored.
    for (const v of batch) v.reject(error);
    return;
  }
  outcomes.forEach((o, i) => ("ok" in o ? batch[i].resolve(o.ok) : batch[i].reject(o.error)));
}

/**
 * One batch in one IMMEDIATE transaction. Every rule answers with a status, so a batch nearly
 * always stores in one go, vote after vote. Only when a vote throws (a constraint no rule
 * foresaw) is the batch rolled back whole and stored again with each vote in a savepoint of its
 * own, so that vote fails alone. With a savepoint for every vote, better-sqlite3's transaction
 * calls took 6.0 % of a vote post's CPU profile; with one BEGIN and COMMIT a batch, 4.6 %
 * (issue 20, bench/profile-s7.md and bench/profile-s9.md).
 */
function storeBatch(
  statements: ReturnType<typeof voteStatements>,
  inputs: CastVoteInput[],
): ({ ok: CastVoteResult } | { error: unknown })[] {
  try {
    return statements.castAll.immediate(inputs).map((ok) => ({ ok }));
  } catch {
    return statements.castEach.immediate(inputs);
  }
}

export type Receipt = {
  comedianName: string;
  email: string;
  createdAt: Date;
  roundId: number;
  /** Issue 41: the round's ticket check now (never whether this vote is a ticket holder's). */
  ticketCheck: TicketCheck;
};

/**
 * What this device voted for in a round: its receipt. Only ever looked up by the device
 * cookie (a vote token alone, as in a shared thank-you link, shows nothing).
 */
export function receiptFor(
  roundId: number,
  by: { deviceId: string | null; voteToken?: string | null },
  database: DB = db(),
): Receipt | undefined {
  if (!by.deviceId) return undefined;
  const token = by.voteToken || null;
  const r = voteStatements(database).receipt.get(roundId, by.deviceId, token, token);
  return (
    r && {
      comedianName: r.comedian_name,
      email: r.email,
      createdAt: new Date(r.created_at),
      roundId: r.round_id,
      ticketCheck: r.ticket_check,
    }
  );
}

/**
 * This device's vote in the round made with this form's token, if any: a retried post is
 * recognised through the token's unique index before any budget is spent (issue 20: no join).
 */
export function ownVoteByToken(
  roundId: number,
  deviceId: string,
  voteToken: string,
  database: DB = db(),
): Vote | undefined {
  const v = voteStatements(database).byToken.get(voteToken);
  return v && v.round_id === roundId && v.device_id === deviceId ? toVote(v) : undefined;
}

/** Whether this device has a vote in the round (the cached /vote page cannot show a receipt). */
export function hasVotedFrom(roundId: number, deviceId: string, database: DB = db()): boolean {
  return voteStatements(database).votedFrom.get(roundId, deviceId) !== undefined;
}

/**
 * The host's burst list from the database (issue 20): votes per address per minute over
 * `threshold`, most first, at most `limit`. The same rule as `bursts` in app/lib/vote-patterns.ts,
 * read from `vote_minutes` (kept by the vote triggers, drizzle/0008_j20-votes.sql) through its
 * (round, votes) index: the cost is the bursts shown, not the votes of the round (counting them
 * grouped by address and minute took seconds at 1,000,000 votes).
 */
export function voteBursts(
  roundId: number,
  threshold: number,
  limit: number,
  database: DB = db(),
): { ip: string; minute: number; votes: number }[] {
  return database
    .select({ ip: voteMinutes.ipAddress, minute: voteMinutes.minute, votes: voteMinutes.votes })
    .from(voteMinutes)
    .where(and(eq(voteMinutes.roundId, roundId), gt(voteMinutes.votes, threshold)))
    .orderBy(desc(voteMinutes.votes), desc(voteMinutes.minute))
    .limit(limit)
    .all();
}

/**
 * Votes per comedian in a round, from the tallies the vote triggers keep in the transaction that
 * stores or deletes a vote (issue 20: the same figures as counting the round's votes, in 40 rows).
 */
export function roundTally(roundId: number, database: DB = db()): { comedianId: number; n: number }[] {
  return database
    .select({ comedianId: roundTallies.comedianId, n: roundTallies.votes })
    .from(roundTallies)
    .where(and(eq(roundTallies.roundId, roundId), gt(roundTallies.votes, 0)))
    .all();
}

/** Issue 41: votes per comedian of the ticket holders only (voided votes left out). */
function verifiedTally(roundId: number, database: DB): { comedianId: number; n: number }[] {
  return database
    .select({ comedianId: votes.comedianId, n: sql<number>`count(*)` })
    .from(votes)
    .where(and(eq(votes.roundId, roundId), eq(votes.ticketVerified, true), isNull(votes.voidedAt)))
    .groupBy(votes.comedianId)
    .all();
}

/**
 * Issue 41: marks a round's votes against its performance's ticket holders as they are now, in the
 * caller's transaction. "check-on" (the host turned the check on after votes came in): every vote
 * not marked yet, each voter told which by mail. "recheck" (the holders were read again): an
 * unverified vote whose e-mail now holds a ticket becomes a ticket holder's and its voter is told;
 * nothing else changes (a refund after the vote does not unmark it). Voided votes are marked, not
 * mailed. The e-mail the vote keeps (its canonical key) is hashed with the holders' key: the vote
 * needs nothing more to be checked again. Returns how many votes changed.
 */
export function markTicketVotes(
  round: Pick<VotingRound, "id" | "title" | "eventId" | "eventDate" | "ticketCheck">,
  cause: Exclude<VerdictCause, "cast">,
  database: DB = db(),
): number {
  const { eventId, eventDate: date } = round;
  if (round.ticketCheck === "off" || eventId === null || date === null) return 0;
  const holders = new Set(
    database
      .select({ hash: ticketHolders.emailHash })
      .from(ticketHolders)
      .where(and(eq(ticketHolders.eventId, eventId), eq(ticketHolders.date, date)))
      .all()
      .map((h) => h.hash),
  );
  const show =
    database.select({ title: events.title }).from(events).where(eq(events.id, eventId)).get()?.title ??
    round.title;
  const candidates = database
    .select({ id: votes.id, email: votes.email, emailKey: votes.emailKey, voidedAt: votes.voidedAt })
    .from(votes)
    .where(
      and(
        eq(votes.roundId, round.id),
        cause === "check-on" ? isNull(votes.ticketVerified) : eq(votes.ticketVerified, false),
      ),
    )
    .all();
  let changed = 0;
  for (const v of candidates) {
    const verified = holders.has(ticketHolderHash(v.emailKey ?? v.email));
    if (cause === "recheck" && !verified) continue;
    database.update(votes).set({ ticketVerified: verified }).where(eq(votes.id, v.id)).run();
    changed++;
    if (v.voidedAt) continue;
    const mail = ticketVerdictMail({
      cause,
      rule: round.ticketCheck,
      verified,
      show,
      date,
      email: v.email,
      site: SITE.name,
    });
    if (mail) enqueueMail({ kind: "vote-ticket", refId: v.id, to: v.email, ...mail }, database);
  }
  return changed;
}

/** Issue 41: a round's votes by bucket under its ticket check; null when it checks none. */
export function ticketCount(
  round: { id: number; ticketCheck: TicketCheck },
  database: DB = db(),
): TicketCount | null {
  if (round.ticketCheck === "off") return null;
  const row = database
    .select({
      verified: sql<number>`coalesce(sum(${votes.ticketVerified} = 1), 0)`,
      all: sql<number>`count(*)`,
    })
    .from(votes)
    .where(and(eq(votes.roundId, round.id), isNull(votes.voidedAt)))
    .get();
  const verified = Number(row?.verified ?? 0);
  return { rule: round.ticketCheck, verified, unverified: Number(row?.all ?? 0) - verified };
}

/** When and from where a round's votes came (for the host's burst list). */
export function voteArrivals(roundId: number, database: DB = db()) {
  return database
    .select({ ip: votes.ipAddress, createdAt: votes.createdAt })
    .from(votes)
    .where(eq(votes.roundId, roundId))
    .all()
    .map((v) => ({ ip: v.ip, at: v.createdAt.getTime() }));
}

/**
 * A round's standings: every comedian in the round (deleted ones keep their name and
 * votes, so past results stay readable) plus anyone who got votes without being listed.
 */
export function roundStandings(roundId: number, database: DB = db()): Standings {
  const rule = database
    .select({ check: votingRounds.ticketCheck })
    .from(votingRounds)
    .where(eq(votingRounds.id, roundId))
    .get()?.check;
  // Issue 41: a round that counts ticket holders only counts their votes (a round's few
  // hundred rows, through its (round, e-mail) index); every other round reads its tallies.
  const tallies = rule === "require" ? verifiedTally(roundId, database) : roundTally(roundId, database);
  const listed = database
    .select({ id: roundComedians.comedianId })
    .from(roundComedians)
    .where(eq(roundComedians.roundId, roundId))
    .all()
    .map((r) => r.id);
  const ids = [...new Set([...listed, ...tallies.map((t) => t.comedianId)])];
  if (ids.length === 0) return { total: 0, rows: [] };
  const people = database
    .select({ id: comedians.id, name: comedians.name, deletedAt: comedians.deletedAt })
    .from(comedians)
    .where(inArray(comedians.id, ids))
    .all();
  const byId = new Map(tallies.map((t) => [t.comedianId, t.n]));
  return computeStandings(
    people
      // A comedian deleted before anyone voted for them has nothing to show.
      .filter((p) => p.deletedAt === null || (byId.get(p.id) ?? 0) > 0)
      .map((p) => ({ comedianId: p.id, name: p.name, votes: byId.get(p.id) ?? 0 })),
  );
}

/**
 * Issue 37: the host voids a burst (votes from one address for one comedian within a time
 * range). The votes stay (their phones and e-mails still count as having voted, so the same
 * cookies cannot vote again) but leave the tallies (the void trigger of drizzle/0010), and the
 * audit log says who voided what. Returns how many votes were voided.
 */
export function voidBurst(
  roundId: number,
  burst: { ip: string; comedianId: number; from: number; to: number },
  who: StaffIdentity | null,
  database: DB = db(),
): number {
  return database.transaction((tx) => {
    const t = tx as unknown as DB;
    const where = and(
      eq(votes.roundId, roundId),
      eq(votes.ipAddress, burst.ip),
      eq(votes.comedianId, burst.comedianId),
      gte(votes.createdAt, new Date(burst.from)),
      lt(votes.createdAt, new Date(burst.to)),
      isNull(votes.voidedAt),
    );
    const voided = t
      .update(votes)
      .set({ voidedAt: new Date() })
      .where(where)
      .returning({ id: votes.id })
      .all();
    recordAudit(
      {
        staff: who,
        action: "round.void-burst",
        entityType: "voting_round",
        entityId: roundId,
        after: { ...burst, voided: voided.length },
      },
      t,
    );
    return voided.length;
  }, IMMEDIATE);
}
