import { ipBudgetKey } from "~/lib/ip-budget";
import { roomSeats } from "~/lib/room-budgets";
import { logger } from "~/utils/logger.server";
import { consumeRoomBudget } from "~/utils/rate-limit.server";
import { mintDevice } from "~/utils/vote-device.server";
import { notifyRoundChanged } from "~/utils/vote-events.server";
import { recordBudgetHit } from "./vote-watch.server";

export type NewPhone =
  { ok: true; deviceId: string; setCookie: string } | { ok: false; retryAfterSeconds: number };

/**
 * Issue 37: a phone opening a round's ballot without a device cookie gets one, within the
 * round's budget of new phones per address (app/lib/room-budgets.ts). Over it (a script minting
 * phones, or a room far bigger than the round's size), the page says "one moment" and loads
 * again by itself after Retry-After, and the host's alarm counts it. Only /vote hands out
 * device cookies: a refused post never does.
 */
export async function issuePhone(
  round: { id: number; roomSeats: number | null },
  clientIp: string,
): Promise<NewPhone> {
  const ip = ipBudgetKey(clientIp);
  const budget = await consumeRoomBudget("newPhones", roomSeats(round.roomSeats), `${round.id}:${ip}`);
  if (!budget.ok) {
    recordBudgetHit(round.id, "newPhones", ip);
    notifyRoundChanged(round.id);
    logger().warn({ roundId: round.id, limit: "newPhones" }, "new phones over budget");
    return budget;
  }
  return { ok: true, ...mintDevice() };
}
