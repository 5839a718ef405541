import { desc } from "drizzle-orm";
import { auditLog } from "~/db/schema";
import type { StaffIdentity } from "~/models/staff.server";
import { db, type DB } from "~/utils/db.server";

export type AuditInput = {
  staff: StaffIdentity | null;
  /** e.g. "event.create", "event.archive", "comedian.delete", "sync.run". */
  action: string;
  entityType: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

/** Records one staff write: who, what, when, before and after. Call inside the write's transaction. */
export function recordAudit(input: AuditInput, database: Pick<DB, "insert"> = db()) {
  database
    .insert(auditLog)
    .values({
      staffUserId: input.staff?.id ?? null,
      actor: input.staff?.username ?? "system",
      action: input.action,
      entityType: input.entityType,
      entityId: input.entityId == null ? null : String(input.entityId),
      before: input.before ?? null,
      after: input.after ?? null,
    })
    .run();
}

export function latestAudit(limit = 20, database: DB = db()) {
  return database
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .all();
}
