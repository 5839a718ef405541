import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import {
  comedians,
  events,
  roundComedians,
  votingRounds,
  type Comedian,
  type VotingRound,
} from "~/db/schema";
import { isVotingOpen } from "~/lib/reveal";
import type { TicketCheck } from "~/lib/ticket-votes";
import { recordAudit } from "~/models/audit.server";
import type { StaffIdentity } from "~/models/staff.server";
import { dataVersion, db, IMMEDIATE, perConnection, type DB } from "~/utils/db.server";
import { newRandomToken } from "~/utils/random.server";

/**
 * Voting rounds (issue 37: one ballot per room). A round belongs to a show and its date; it
 * opens when staff open it or at the time they scheduled; a phone reaches its own room's round
 * by the projector's QR code, the room code or `/vote?round=`, and plain `/vote` shows the only
 * open round or lets the voter pick their show. Votes live in votes.server.ts, the host's
 * commands in round-control.server.ts.
 */

/** Open: opened (the opening time has come), not closed, before its set closing time. */
export function isOpen(round: Pick<VotingRound, "openedAt" | "closedAt" | "closesAt">, now = new Date()) {
  return isVotingOpen(round, now);
}

/** The show a round's room is at, as phones and staff see it named. */
export type RoundShow = { title: string; venue: string; date: string | null };
export type LiveRound = VotingRound & { show: RoundShow | null };

/** "2 Minutes to Kill" for a round of that show; the round's own title for one without a show. */
export function roundShowName(round: { title: string; show: RoundShow | null }) {
  return round.show?.title ?? round.title;
}

function prepareLiveRounds(database: DB) {
  return database
    .select({ round: votingRounds, title: events.title, venue: events.venue, date: events.date })
    .from(votingRounds)
    .leftJoin(events, eq(events.id, votingRounds.eventId))
    .where(
      and(
        isNull(votingRounds.closedAt),
        or(isNull(votingRounds.closesAt), gt(votingRounds.closesAt, sql.placeholder("now"))),
      ),
    )
    .orderBy(asc(votingRounds.openedAt), asc(votingRounds.id))
    .limit(LIVE_ROUNDS)
    .prepare();
}
/** Rounds not closed yet (open or scheduled) kept per connection and data version. */
const liveState = perConnection((database) => ({
  query: prepareLiveRounds(database),
  version: "",
  rounds: [] as readonly LiveRound[],
}));
/** More rounds than this waiting to open or close at once would be staff forgetting to close them. */
const LIVE_ROUNDS = 50;

/**
 * The rounds not closed yet (open now, or scheduled to open), oldest opening first. Issue 20:
 * read on every /vote and every vote post, so kept until the next commit (dataVersion); time
 * alone only moves a round from scheduled to open or from open to past its closing time, which
 * `isOpen` decides per request.
 */
export function liveRounds(
  database: DB = db(),
  /** dataVersion(database), when the caller has just read it for this request. */
  version: string = dataVersion(database),
): readonly LiveRound[] {
  const state = liveState(database);
  if (state.version !== version) {
    state.version = version;
    // closes_at is stored in milliseconds: the placeholder takes the number as is.
    state.rounds = Object.freeze(
      state.query.all({ now: Date.now() }).map((r) =>
        // Shared by every caller until the next write: frozen, so none can change it for the others.
        Object.freeze({
          ...r.round,
          show:
            r.title === null
              ? null
              : { title: r.title, venue: r.venue ?? "", date: r.round.eventDate ?? r.date },
        }),
      ),
    );
  }
  return state.rounds;
}

/** The rounds voters can vote in now. */
export function openRounds(database: DB = db(), version?: string, now = new Date()): LiveRound[] {
  return liveRounds(database, version).filter((r) => isOpen(r, now));
}

/**
 * The round a vote or a ballot asks for, when it is open. Without an id: the only open round
 * (never one of several: the voter picks their show, see `ballotFor`).
 */
export function getOpenRound(
  roundId?: number | null,
  database: DB = db(),
  version?: string,
  now = new Date(),
): LiveRound | undefined {
  const open = openRounds(database, version, now);
  if (roundId) return open.find((r) => r.id === roundId);
  return open.length === 1 ? open[0] : undefined;
}

export type Ballot =
  /** This round's ballot. */
  | { kind: "open"; round: LiveRound }
  /** Several rooms are voting: the voter picks their show. */
  | { kind: "choose"; rounds: LiveRound[] }
  /** The round asked for opens later. */
  | { kind: "scheduled"; round: LiveRound }
  /** The round asked for has closed ("Voting has closed for {show}"). */
  | { kind: "closed"; round: VotingRound & { show: RoundShow | null } }
  /** No round open (or the one asked for does not exist). */
  | { kind: "none" };

/** What /vote shows for `?round=` (or plain /vote): never silently another room's ballot. */
export function ballotFor(roundId: number | null, database: DB = db(), now = new Date()): Ballot {
  const live = liveRounds(database);
  if (roundId) {
    const round = live.find((r) => r.id === roundId);
    if (round && isOpen(round, now)) return { kind: "open", round };
    if (round && round.openedAt && round.openedAt > now) return { kind: "scheduled", round };
    const past = roundWithShow(roundId, database);
    return past ? { kind: "closed", round: past } : { kind: "none" };
  }
  const open = live.filter((r) => isOpen(r, now));
  if (open.length === 1) return { kind: "open", round: open[0] };
  if (open.length > 1) return { kind: "choose", rounds: open };
  return { kind: "none" };
}

/** A round with its show, whatever its state. */
export function roundWithShow(id: number, database: DB = db()) {
  const row = database
    .select({ round: votingRounds, title: events.title, venue: events.venue, date: events.date })
    .from(votingRounds)
    .leftJoin(events, eq(events.id, votingRounds.eventId))
    .where(eq(votingRounds.id, id))
    .get();
  if (!row) return undefined;
  return {
    ...row.round,
    show:
      row.title === null
        ? null
        : { title: row.title, venue: row.venue ?? "", date: row.round.eventDate ?? row.date },
  };
}

export function getRound(id: number, database: DB = db()): VotingRound | undefined {
  return database.select().from(votingRounds).where(eq(votingRounds.id, id)).get();
}

export type RoundSummary = VotingRound & {
  votes: number;
  comedians: number;
  open: boolean;
  show: RoundShow | null;
};

/** Every round, newest first, with its vote and comedian counts. */
export function listRounds(database: DB = db(), now = new Date()): RoundSummary[] {
  const rows = database
    .select({
      round: votingRounds,
      title: events.title,
      venue: events.venue,
      date: events.date,
      // Issue 20: from the tallies the vote triggers keep (40 rows, not every vote of the round).
      votes: sql<number>`(select coalesce(sum(t.votes), 0) from round_tallies t where t.round_id = "voting_rounds"."id")`,
      comedians: sql<number>`(select count(*) from round_comedians rc where rc.round_id = "voting_rounds"."id")`,
    })
    .from(votingRounds)
    .leftJoin(events, eq(events.id, votingRounds.eventId))
    .orderBy(desc(votingRounds.openedAt), desc(votingRounds.id))
    .all();
  return rows.map((r) => ({
    ...r.round,
    votes: r.votes,
    comedians: r.comedians,
    open: isOpen(r.round, now),
    show:
      r.title === null ? null : { title: r.title, venue: r.venue ?? "", date: r.round.eventDate ?? r.date },
  }));
}

/** The comedians voters can choose in a round: those in it and not deleted, by name. */
export function roundComediansFor(roundId: number, database: DB = db()): Comedian[] {
  return database
    .select({ c: comedians })
    .from(roundComedians)
    .innerJoin(comedians, eq(comedians.id, roundComedians.comedianId))
    .where(and(eq(roundComedians.roundId, roundId), isNull(comedians.deletedAt)))
    .orderBy(asc(comedians.name), asc(comedians.id))
    .all()
    .map((r) => r.c);
}

export type NewRound = {
  title: string;
  eventId: number | null;
  /** YYYY-MM-DD: the show's date the room votes at. */
  eventDate: string | null;
  comedianIds: number[];
  /** When voting opens (now, or a scheduled time). */
  opensAt: Date;
  roomSeats: number | null;
  /** Issue 41: checks the votes against the show's ticket holders (default "off"). */
  ticketCheck?: TicketCheck;
};

/**
 * Stores a round and its comedians inside the caller's write transaction (the application
 * review creates the comedians of its shortlist in the same one), with its audit entry.
 * Throws when none of the comedians exists any more.
 */
export function insertRound(
  tx: DB,
  input: NewRound,
  staff: StaffIdentity,
  action = "round.open",
): VotingRound {
  const ids = [...new Set(input.comedianIds)];
  const known =
    ids.length === 0
      ? []
      : tx
          .select({ id: comedians.id })
          .from(comedians)
          .where(and(inArray(comedians.id, ids), isNull(comedians.deletedAt)))
          .all()
          .map((r) => r.id);
  if (known.length === 0) throw new Error("Choose at least one comedian for the round");
  const round = tx
    .insert(votingRounds)
    .values({
      title: input.title,
      eventId: input.eventId,
      eventDate: input.eventDate,
      openedAt: input.opensAt,
      roomSeats: input.roomSeats,
      ticketCheck: input.ticketCheck ?? "off",
    })
    .returning()
    .get();
  for (const comedianId of known) tx.insert(roundComedians).values({ roundId: round.id, comedianId }).run();
  recordAudit(
    {
      staff,
      action,
      entityType: "voting_round",
      entityId: round.id,
      after: { ...round, comedianIds: known },
    },
    tx,
  );
  return round;
}

/** Opens (or schedules) a round with the chosen comedians, in one write transaction. */
export function openRound(input: NewRound, staff: StaffIdentity, database: DB = db()): VotingRound {
  return database.transaction((tx) => insertRound(tx as unknown as DB, input, staff), IMMEDIATE);
}

/** Closes an open round, or calls off a scheduled one before it opens. */
export function closeRound(id: number, staff: StaffIdentity, database: DB = db()): VotingRound | null {
  return database.transaction((tx) => {
    const before = tx.select().from(votingRounds).where(eq(votingRounds.id, id)).get();
    const scheduled = before && !before.closedAt && before.openedAt && before.openedAt > new Date();
    if (!before || !(isOpen(before) || scheduled)) return null;
    const after = tx
      .update(votingRounds)
      .set({ closedAt: new Date() })
      .where(eq(votingRounds.id, id))
      .returning()
      .get();
    recordAudit(
      { staff, action: "round.close", entityType: "voting_round", entityId: id, before, after },
      tx,
    );
    return after;
  }, IMMEDIATE);
}

/** Turns the round's room code on (a new secret, so old codes die) or off. */
export function setRoomCode(roundId: number, on: boolean, database: DB = db()): VotingRound | undefined {
  const secret = on ? newRandomToken(24) : null;
  return database
    .update(votingRounds)
    .set({ roomCodeSecret: secret })
    .where(eq(votingRounds.id, roundId))
    .returning()
    .get();
}

/**
 * Rounds of the last `hours` that have closed and in which this device voted: plain /vote on a
 * phone of a room that has finished says "Voting has closed for {show}" instead of showing
 * another room's ballot. A few rows, each looked up through the (round, device) index.
 */
export function closedRoundOfDevice(
  deviceId: string,
  database: DB = db(),
  now = new Date(),
  hours = 6,
): (VotingRound & { show: RoundShow | null }) | undefined {
  const since = now.getTime() - hours * 3600_000;
  const recent = database
    .select({ id: votingRounds.id })
    .from(votingRounds)
    .where(
      or(
        gt(votingRounds.closedAt, new Date(since)),
        and(
          isNull(votingRounds.closedAt),
          gt(votingRounds.closesAt, new Date(since)),
          sql`${votingRounds.closesAt} <= ${now.getTime()}`,
        ),
      ),
    )
    .orderBy(desc(votingRounds.id))
    .limit(10)
    .all();
  const voted = database.$client.prepare<[number, string], { one: number }>(
    "select 1 as one from votes where round_id = ? and device_id = ? limit 1",
  );
  for (const { id } of recent) if (voted.get(id, deviceId)) return roundWithShow(id, database);
  return undefined;
}

/** Votes counted in a round (from the tallies the vote triggers keep). */
export function roundVoteCount(roundId: number, database: DB = db()): number {
  return (
    database.$client
      .prepare<[number], { n: number }>(
        "select coalesce(sum(votes), 0) as n from round_tallies where round_id = ?",
      )
      .get(roundId)?.n ?? 0
  );
}

/**
 * Issue 42 (item 6): does a show's audience vote on their phones (a voting round for the show,
 * not closed)? Its page then links to /vote.
 */
export function showHasVotingRound(eventId: number, database: DB = db()): boolean {
  return Boolean(
    database
      .select({ id: votingRounds.id })
      .from(votingRounds)
      .where(and(eq(votingRounds.eventId, eventId), isNull(votingRounds.closedAt)))
      .get(),
  );
}
