import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import { addDaysIso, todayIn } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { formatInZone, zonedInstant } from "~/lib/zoned-time";
import { recordAudit } from "~/models/audit.server";
import { getRound } from "~/models/rounds.server";
import type { StaffIdentity } from "~/models/staff.server";
import { db, type DB } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { qrSvg } from "~/utils/qr.server";
import { rotateSession } from "~/utils/session-rotation.server";

/**
 * Issue 37: a signed-in staff member hands a device (the projector's laptop) a link for tonight
 * that opens /results without the shared password: `/results/projector/{round}.{ends}.{signature}`,
 * signed with SESSION_SECRET, good until 6 AM (business time) after tonight. Opening it gives
 * that browser the results gate until then (a new session id, as any gate unlock), on the round's
 * projector view. Making one is audited.
 */
const ENDS_AT = "06:00";

function signature(payload: string) {
  return crypto
    .createHmac("sha256", getEnv().SESSION_SECRET)
    .update(`projector-link:${payload}`)
    .digest("base64url");
}

/** The end of tonight: the next 6 AM in the business time zone. */
export function endOfTonight(now = new Date()): Date {
  const zone = getEnv().APP_TIMEZONE;
  const today = todayIn(zone, now);
  const morning = zonedInstant(today, ENDS_AT, zone);
  return morning > now ? morning : zonedInstant(addDaysIso(today, 1), ENDS_AT, zone);
}

export async function makeProjectorLink(
  roundId: number,
  staff: StaffIdentity,
  origin: string,
  now = new Date(),
  database: DB = db(),
) {
  const ends = endOfTonight(now).getTime();
  const payload = `${roundId}.${ends}`;
  const url = `${origin}/results/projector/${payload}.${signature(payload)}`;
  recordAudit(
    {
      staff,
      action: "round.projector-link",
      entityType: "voting_round",
      entityId: roundId,
      after: { endsAt: new Date(ends).toISOString() },
    },
    database,
  );
  return {
    url,
    ends: formatInZone(new Date(ends), "h:mm a 'on' MMM d", getEnv().APP_TIMEZONE),
    qr: await qrSvg(url),
  };
}

/** The projector link's round when it is ours and not over, else null. */
export function readProjectorLink(token: string, now = Date.now()): { roundId: number; ends: number } | null {
  const m = /^(\d{1,15})\.(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const payload = `${m[1]}.${m[2]}`;
  const expected = Buffer.from(signature(payload));
  const given = Buffer.from(m[3]);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  const roundId = parseId(m[1]);
  const ends = Number(m[2]);
  if (!roundId || ends <= now) return null;
  return { roundId, ends };
}

/** GET /results/projector/{token}: the gate for this browser until the link ends, then the projector view. */
export async function openProjectorLink(request: Request, token: string) {
  const link = readProjectorLink(token);
  if (!link || !getRound(link.roundId))
    throw new Response("This projector link is not valid any more. Ask a staff member for a new one.", {
      status: 404,
    });
  const cookie = await rotateSession(request, (s) => {
    s.set("resultsGate", true);
    s.set("resultsGateUntil", link.ends);
  });
  return redirect(`/results?round=${link.roundId}&view=projector`, { headers: { "Set-Cookie": cookie } });
}
