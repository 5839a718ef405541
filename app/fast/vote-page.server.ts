/**
 * Issue 20: /vote from a page rendered once per open round and kept compressed
 * (stitched-gzip.server.ts), with each visitor's vote token, CSP nonce and room code put in per
 * request: no React render, no compression per request. Off with FAST_PATHS=off.
 *
 * A kept page is valid while the database is unchanged (`dataVersion`: any commit by this
 * process or another) and for at most a minute. After a change it is kept only if the vote
 * route's loader still gives the same data for it (its fingerprint: the loader's own JSON, read
 * through a Remix data request with the same placeholders): a vote changes none of it, while a
 * new title, comedian, bio, show, venue or room-code setting, whatever the page shows, is
 * rendered again. One check or render per page at a time: a room opening /vote at once waits
 * for the same one.
 */
import type { AppLoadContext } from "@remix-run/node";
import {
  slotCounts,
  stitchGzip,
  stitchIdentity,
  stitchTemplate,
  type StitchedTemplate,
} from "./stitched-gzip.server";

/**
 * The placeholders the page is rendered with. Plain letters and digits, as every value put in
 * their place is (a token is base64url, a nonce base64, a room code digits), so no escaping
 * differs between the HTML attribute, the hydration JSON and the URL the page repeats: a plain
 * replacement is exact.
 */
export const VOTE_PAGE_MARKS = {
  token: "Zq9VoteTokenSlotXk2Wm7",
  nonce: "Zq9NonceSlotXk2Wm7Pp4Rr",
  code: "Zq9CodeSlotX",
} as const;

/** What the server passes in the load context to render the template (the route's loader reads it). */
export type VotePageTemplateContext = { token: string; prefill: string };

/**
 * Whether a /vote query can be answered from the kept page: only `round` (digits) and `code`
 * (up to 12 digits: the room code the projector's QR code carries), each at most once. Anything
 * else (a filter `q`, a thank-you, unknown parameters) gets the normal render. Returns the round
 * asked for (or null), the code, and the query with the code's value replaced by its mark (the
 * template's URL and part of its key), or null.
 */
export function templateQuery(
  search: string,
): { round: number | null; code: string | null; templateSearch: string } | null {
  const params = new URLSearchParams(search);
  let round: number | null = null;
  let code: string | null = null;
  const seen = new Set<string>();
  for (const [name, value] of params) {
    if (seen.has(name)) return null;
    seen.add(name);
    if (name === "round" && /^\d{1,9}$/.test(value)) round = Number(value) || null;
    else if (name === "code" && /^\d{0,12}$/.test(value)) code = value;
    else return null;
  }
  const templateSearch =
    code === null ? search : search.replace(/([?&]code=)\d*/, `$1${VOTE_PAGE_MARKS.code}`);
  if (code !== null && !templateSearch.includes(VOTE_PAGE_MARKS.code)) return null;
  // Only the plain form of the parameters ("?round=3&code=123456"), so the page repeats it as is.
  if (!/^(\?([a-z]+=[0-9A-Za-z]*)(&[a-z]+=[0-9A-Za-z]*)*)?$/.test(templateSearch)) return null;
  return { round, code, templateSearch };
}

const TTL_MS = 60_000;
const MAX_ENTRIES = 32;
/** The vote route's id: its loader's data is the kept page's fingerprint. */
const VOTE_ROUTE = "routes/vote";
/** Headers of the rendered template that are per request (set by the server) or wrong for it. */
const DROPPED = new Set([
  "set-cookie",
  "content-length",
  "content-security-policy",
  "x-page-cache",
  "content-encoding",
]);

export type VotePage = {
  version: string;
  fingerprint: string;
  expires: number;
  template: StitchedTemplate;
  /** Every header of the answer but the visitor's cookie and the body's encoding and length. */
  headers: [string, string][];
};

/** Remix's request handler with the server's load context (server/index.ts). */
export type Remix = (request: Request, context: Partial<AppLoadContext>) => Promise<Response>;

export class VotePageCache {
  private entries = new Map<string, VotePage>();
  private pending = new Map<string, Promise<VotePage | null>>();

  constructor(private remix: Remix) {}

  async page(input: {
    origin: string;
    /** Which page: the round, whether its room code is on, and the query as the template has it. */
    visitor: { roundId: number; roomCode: boolean; templateSearch: string };
    /** The data version read once for this request (db.server's dataVersion). */
    version: string;
    /** The load context of this request (client address, request id) for the render. */
    context: Partial<AppLoadContext>;
  }): Promise<VotePage | null> {
    const { origin, visitor, version } = input;
    const key = `${origin}|${visitor.roundId}|${visitor.roomCode}|${visitor.templateSearch}`;
    const entry = this.entries.get(key);
    if (entry && entry.version === version && entry.expires > Date.now()) return entry;
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.refresh(key, entry, input).finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  /** Something was written (often a vote), or nothing is kept: keep, render again, or give up. */
  private async refresh(
    key: string,
    entry: VotePage | undefined,
    input: Parameters<VotePageCache["page"]>[0],
  ): Promise<VotePage | null> {
    const url = `${input.origin}/vote${input.visitor.templateSearch}`;
    const context: Partial<AppLoadContext> = {
      ...input.context,
      cspNonce: VOTE_PAGE_MARKS.nonce,
      votePageTemplate: {
        token: VOTE_PAGE_MARKS.token,
        prefill: input.visitor.templateSearch.includes(VOTE_PAGE_MARKS.code) ? VOTE_PAGE_MARKS.code : "",
      },
    };
    // Read before the render, so a kept page is never older than its fingerprint.
    const fingerprint = await this.loaderData(url, context);
    if (fingerprint === null) {
      this.entries.delete(key);
      return null;
    }
    if (entry && entry.fingerprint === fingerprint && entry.expires > Date.now()) {
      entry.version = input.version;
      return entry;
    }
    this.entries.delete(key);
    const built = await this.render(url, context, input.version, fingerprint);
    if (!built) return null;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, built);
    return built;
  }

  /** The vote route's loader data for the template (a Remix data request), or null. */
  private async loaderData(url: string, context: Partial<AppLoadContext>): Promise<string | null> {
    const separator = url.includes("?") ? "&" : "?";
    const response = await this.remix(
      new Request(`${url}${separator}_data=${encodeURIComponent(VOTE_ROUTE)}`),
      context,
    );
    const text = await response.text();
    return response.status === 200 ? text : null;
  }

  private async render(
    url: string,
    context: Partial<AppLoadContext>,
    version: string,
    fingerprint: string,
  ): Promise<VotePage | null> {
    const response = await this.remix(new Request(url, { headers: { accept: "text/html" } }), context);
    const text = await response.text();
    if (
      response.status !== 200 ||
      response.headers.has("set-cookie") ||
      !/^text\/html/.test(response.headers.get("content-type") ?? "")
    )
      return null;
    const template = stitchTemplate(text, VOTE_PAGE_MARKS);
    const counts = slotCounts(template);
    // The hidden field and the hydration data both carry the token; inline scripts the nonce.
    if ((counts.token ?? 0) < 2 || (counts.nonce ?? 0) < 1) return null;
    const headers = [...response.headers.entries()].filter(([name]) => !DROPPED.has(name.toLowerCase()));
    // A page with a vote token and a device cookie is never stored by caches.
    const cacheControl = headers.find(([name]) => name.toLowerCase() === "cache-control");
    if (!cacheControl) headers.push(["Cache-Control", "private, no-store"]);
    else if (!/no-store/.test(cacheControl[1])) cacheControl[1] = "private, no-store";
    headers.push(["Vary", "Accept-Encoding"], ["X-Cache", "TEMPLATE"]);
    return { version, fingerprint, expires: Date.now() + TTL_MS, template, headers };
  }

  gzip(page: VotePage, values: Record<string, string>) {
    return stitchGzip(page.template, values);
  }

  identity(page: VotePage, values: Record<string, string>) {
    return stitchIdentity(page.template, values);
  }
}
