import { z } from "zod";

/**
 * The ticketing platform's webhook (issue 41): POST /webhooks/eventbrite/{secret}. Eventbrite
 * signs nothing; a delivery is `{config: {action, webhook_id, user_id, endpoint_url}, api_url}`
 * and says only "this resource changed". The server never trusts it: the endpoint secret in
 * the path keeps strangers out, `api_url` must be a resource of the configured API (never a
 * URL to fetch as given elsewhere), and the resource is read with the site's own token.
 */

export const WEBHOOK_PATH_PREFIX = "/webhooks/eventbrite/";

/** A delivery is a few hundred bytes; more is not the platform. */
export const WEBHOOK_MAX_BYTES = 16 * 1024;

export function isWebhookPath(path: string): boolean {
  return path.startsWith(WEBHOOK_PATH_PREFIX);
}

/** The request target with the endpoint secret replaced (request logs). */
export function redactWebhookSecret(target: string): string {
  return isWebhookPath(target) ? target.replace(/^(\/webhooks\/eventbrite\/)[^?#]*/, "$1[secret]") : target;
}

export const webhookDeliverySchema = z.object({
  config: z
    .object({
      action: z.string().max(100),
      webhook_id: z.union([z.string(), z.number()]).transform(String).nullish(),
      user_id: z.union([z.string(), z.number()]).transform(String).nullish(),
      endpoint_url: z.string().max(2000).nullish(),
    })
    .passthrough(),
  api_url: z.string().max(2000),
});

export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/**
 * The actions the box office acts on: a sale (seats, attendees), a ticket class or event change
 * (seats, the show), an attendee change or check-in (attendees). "test" is the platform's ping
 * when a webhook is registered: answered, nothing done.
 */
export const ACTED_ON = [
  "order.placed",
  "order.updated",
  "order.refunded",
  "event.updated",
  "event.published",
  "event.unpublished",
  "ticket_class.created",
  "ticket_class.updated",
  "ticket_class.deleted",
  "attendee.updated",
  "attendee.checked_in",
  "attendee.checked_out",
] as const;

export type WebhookAction = (typeof ACTED_ON)[number];

export function isActedOn(action: string): action is WebhookAction {
  return (ACTED_ON as readonly string[]).includes(action);
}

/** A resource a delivery may name, as the path under the API base. */
export type WebhookTarget =
  | { kind: "order"; path: string; orderId: string }
  | { kind: "event"; path: string; eventId: string }
  | { kind: "attendee"; path: string; eventId: string }
  | { kind: "ticket_class"; path: string; eventId: string };

const ID = "(\\d{1,20})";
const SHAPES: [WebhookTarget["kind"], RegExp][] = [
  ["order", new RegExp(`^/orders/${ID}/?$`)],
  ["event", new RegExp(`^/events/${ID}/?$`)],
  ["attendee", new RegExp(`^/events/${ID}/attendees/${ID}/?$`)],
  ["ticket_class", new RegExp(`^/events/${ID}/ticket_classes/${ID}/?$`)],
];

/**
 * The resource an `api_url` names, when it is one of the shapes above on the configured API
 * (same scheme, host and port as EVENTBRITE_API_URL, under its path); null for anything else
 * (another host, a user, credentials, a query, "..").
 */
export function webhookTarget(apiUrl: string, apiBase: string): WebhookTarget | null {
  let url: URL;
  let base: URL;
  try {
    url = new URL(apiUrl);
    base = new URL(apiBase);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || url.username || url.password || url.search || url.hash) return null;
  // The raw text, not the URL's normalised path: "/v3/../orders/1/" is not a resource of the API.
  const raw = apiUrl.slice(url.origin.length);
  const prefix = base.pathname.replace(/\/+$/, "");
  if (!raw.startsWith(`${prefix}/`)) return null;
  return targetOfPath(raw.slice(prefix.length));
}

/** The resource a path under the API base names ("/orders/123/"), or null. */
export function targetOfPath(path: string): WebhookTarget | null {
  for (const [kind, shape] of SHAPES) {
    const m = shape.exec(path);
    if (!m) continue;
    if (kind === "order") return { kind, path, orderId: m[1] };
    return { kind, path, eventId: m[1] } as WebhookTarget;
  }
  return null;
}

/** What a delivery is answered: 202 once queued; 200 for what is answered but not acted on. */
export type WebhookOutcome =
  | { status: 202; body: { queued: true } }
  | { status: 200; body: { ignored: string } }
  | { status: 400; body: { error: string } };
