import { db, perConnection, type DB } from "~/utils/db.server";

/**
 * The figures an operator watches (/metrics, docs/operations.md), read when the metrics are
 * scraped: a few indexed look-ups, never a scan of the votes.
 */
const statements = perConnection(({ $client }) => ({
  // round_tallies is kept by triggers in each vote's own transaction (one row per round and comic).
  votes: $client.prepare("select coalesce(sum(votes), 0) from round_tallies").pluck(),
  outbox: $client.prepare(
    "select count(*) as depth, min(created_at) as oldest from outbox where status = 'pending'",
  ),
  lastSync: $client
    .prepare(
      "select created_at from audit_log where action = 'sync.run' and json_extract(after, '$.ok') = 1 " +
        "order by created_at desc limit 1",
    )
    .pluck(),
}));

export type OperationalFigures = {
  votesStored: number;
  outboxDepth: number;
  /** Seconds the oldest message waiting to be sent has waited; 0 when none waits. */
  outboxOldestSeconds: number;
  /** Seconds since the last sync that succeeded; null when none ever has. */
  sinceLastSyncSeconds: number | null;
};

export function operationalFigures(database: DB = db(), now = Date.now()): OperationalFigures {
  const s = statements(database);
  const outbox = s.outbox.get() as { depth: number; oldest: number | null };
  const lastSync = s.lastSync.get() as number | undefined;
  return {
    votesStored: Number(s.votes.get()),
    outboxDepth: outbox.depth,
    outboxOldestSeconds: outbox.oldest == null ? 0 : Math.max(0, (now - outbox.oldest) / 1000),
    sinceLastSyncSeconds: lastSync == null ? null : Math.max(0, (now - lastSync) / 1000),
  };
}
