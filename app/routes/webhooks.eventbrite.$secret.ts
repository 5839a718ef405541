import type { ActionFunctionArgs } from "@remix-run/node";
import { handleEventbriteWebhook } from "~/features/ticketing/webhook.server";

/**
 * The ticketing platform's webhook (issue 41): register
 * `{PUBLIC_URL}/webhooks/eventbrite/{EVENTBRITE_WEBHOOK_SECRET}` (README "Ticketing sync").
 * POST only; a GET is a 404 like any unknown page.
 */
export function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response("Method not allowed", { status: 405 });
  return handleEventbriteWebhook(request, params.secret);
}

export function loader() {
  throw new Response("Not found", { status: 404 });
}
