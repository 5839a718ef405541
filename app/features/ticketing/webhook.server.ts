import crypto from "node:crypto";
import { json } from "@remix-run/node";
import {
  isActedOn,
  webhookDeliverySchema,
  webhookTarget,
  type WebhookOutcome,
} from "~/lib/ticketing-webhook";
import { enqueueTicketingJob, wakeTicketingWorker } from "~/models/ticketing-jobs.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

/**
 * POST /webhooks/eventbrite/{secret} (issue 41): the platform's delivery, answered at once.
 * The server bounded the body (server/pipeline.ts: JSON, 16 KB, no Origin check: the
 * platform posts from its own servers). Refused without the configured secret; the delivery
 * only names a resource, which must be one of the configured API's; the work (reading that
 * resource with the site's token, refreshing its event) is a job the worker does within
 * seconds (app/services/ticketing-refresh.server.ts). A repeated delivery makes the same job
 * due again: nothing is done twice in parallel and nothing is lost.
 */
export async function handleEventbriteWebhook(
  request: Request,
  secret: string | undefined,
): Promise<Response> {
  const env = getEnv();
  const headers = { "Cache-Control": "no-store" };
  if (!env.EVENTBRITE_WEBHOOK_SECRET) return new Response("Not found", { status: 404, headers });
  if (!sameSecret(secret ?? "", env.EVENTBRITE_WEBHOOK_SECRET)) {
    return new Response("Forbidden", { status: 403, headers });
  }
  const outcome = receive(await request.text(), env.EVENTBRITE_API_URL);
  if (outcome.status === 202) wakeTicketingWorker();
  return json(outcome.body, { status: outcome.status, headers });
}

function receive(text: string, apiBase: string): WebhookOutcome {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { status: 400, body: { error: "not JSON" } };
  }
  const delivery = webhookDeliverySchema.safeParse(body);
  if (!delivery.success) return { status: 400, body: { error: "not a webhook delivery" } };
  const { action } = delivery.data.config;
  // The platform's ping when a webhook is registered, and actions the site does not act on:
  // answered 200 so the platform does not retry them.
  if (!isActedOn(action)) return { status: 200, body: { ignored: action.slice(0, 100) } };
  const target = webhookTarget(delivery.data.api_url, apiBase);
  if (!target) {
    logger().warn({ action }, "webhook api_url is not a resource of the configured API: refused");
    return { status: 400, body: { error: "api_url is not a resource of the configured API" } };
  }
  enqueueTicketingJob({ action, apiPath: target.path });
  return { status: 202, body: { queued: true } };
}

/** Compared in constant time (both sides hashed first: equal lengths whatever was sent). */
function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}
