/**
 * How far the off-site replica (Litestream) is behind the database, from Litestream's own
 * Prometheus figures: the local WAL position it has shadowed (`litestream_shadow_wal_index`,
 * `litestream_shadow_wal_size`) against the position the replica holds
 * (`litestream_replica_wal_index`, `litestream_replica_wal_offset`).
 *
 * The lag is a time: how long ago the oldest write not yet in the replica was first seen
 * locally (one reading per poll, so its resolution is the poll's interval). With no writes
 * nothing is at risk and the lag is 0, however long ago the last upload was.
 */
export type LitestreamPositions = { shadow: number; replica: number };

/** A WAL position as one comparable number (index, then offset within it). */
const position = (index: number, offset: number) => index * 2 ** 40 + offset;

/**
 * Litestream's positions from its /metrics text; null when they are not (yet) there.
 *
 * `litestream_shadow_wal_size` (Litestream 0.3.13) is not the offset in the current shadow WAL
 * file: it is the size of every shadow WAL file Litestream still keeps. When Litestream's own
 * checkpoint starts a new index, the previous file stays until a later sync removes it (once the
 * replica has passed it), and a sync only runs after a write: after the last write of a busy
 * moment the figure can count the previous file for hours, and the replica, which holds
 * everything, looked behind ("replication: BEHIND" with nothing at risk). So the local position
 * is the current index's own file, `shadowFileBytes(index)` (read beside the database, see
 * app/services/replication.server.ts); without it (null: not readable) the total is used, which
 * can only overstate the lag.
 */
export function parseLitestreamMetrics(
  text: string,
  shadowFileBytes: (index: number) => number | null = () => null,
): LitestreamPositions | null {
  const value = (name: string) => {
    const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.eE+-]+)$`, "m").exec(text);
    return match ? Number(match[1]) : null;
  };
  const shadowIndex = value("litestream_shadow_wal_index");
  const shadowTotal = value("litestream_shadow_wal_size");
  const replicaIndex = value("litestream_replica_wal_index");
  const replicaOffset = value("litestream_replica_wal_offset");
  if (shadowIndex == null || shadowTotal == null || replicaIndex == null || replicaOffset == null)
    return null;
  const shadowOffset = shadowFileBytes(shadowIndex) ?? shadowTotal;
  return { shadow: position(shadowIndex, shadowOffset), replica: position(replicaIndex, replicaOffset) };
}

/** Remembers when each local position was first seen; answers the lag for a reading. */
export class LagClock {
  /** (first seen at, local position), oldest first; only positions the replica has not reached. */
  private pending: { at: number; shadow: number }[] = [];

  /** The lag in seconds after this reading taken at `now` (ms). */
  read(positions: LitestreamPositions, now: number): number {
    const last = this.pending.at(-1);
    if (positions.shadow > positions.replica && (!last || positions.shadow > last.shadow)) {
      this.pending.push({ at: now, shadow: positions.shadow });
    }
    // A new generation (a restored or replaced database) starts positions again from 0.
    this.pending = this.pending.filter((p) => p.shadow > positions.replica && p.shadow <= positions.shadow);
    return this.pending.length ? (now - this.pending[0].at) / 1000 : 0;
  }
}
