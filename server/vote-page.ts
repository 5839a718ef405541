/**
 * Issue 20: /vote from a page rendered once per open round and kept compressed
 * (app/lib/stitched-gzip.ts), with each visitor's vote token, CSP nonce and room code put in
 * per request: no React render, no compression per request.
 *
 * A kept page is valid while the database is unchanged (the page cache's version: any commit
 * by this process or another), or, after a change, while what the page shows is the same (its
 * fingerprint: round, comedians, show, room code on or off; a vote changes none of them), and
 * for at most a minute. Only one render per page runs at a time: a room opening /vote at once
 * waits for the same render.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { VotePageVisitor } from "~/features/voting/vote-fast-path.server";
import {
  slotCounts,
  stitchGzip,
  stitchIdentity,
  stitchTemplate,
  type StitchedTemplate,
} from "~/lib/stitched-gzip";
import { VOTE_PAGE_MARKS } from "~/lib/vote-page-template";

const TTL_MS = 60_000;
const MAX_ENTRIES = 32;
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

type Render = (
  url: string,
  context: Pick<AppLoadContext, "cspNonce" | "votePageTemplate">,
) => Promise<Response>;

export class VotePageCache {
  private entries = new Map<string, VotePage>();
  private pending = new Map<string, Promise<VotePage | null>>();

  async page(input: {
    origin: string;
    visitor: VotePageVisitor;
    /** The data version read once for this request (db.server's dataVersion). */
    version: string;
    fingerprint: (roundId: number) => string | null;
    render: Render;
  }): Promise<VotePage | null> {
    const { origin, visitor } = input;
    const key = `${origin}|${visitor.roundId}|${visitor.roomCode}|${visitor.templateSearch}`;
    const now = Date.now();
    const version = input.version;
    let entry = this.entries.get(key);
    if (entry && entry.expires <= now) entry = undefined;
    else if (entry && entry.version !== version) {
      // Something was written (often a vote): keep the page if what it shows is unchanged.
      if (input.fingerprint(visitor.roundId) === entry.fingerprint) entry.version = version;
      else entry = undefined;
    }
    if (entry) return entry;
    this.entries.delete(key);
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.build(key, version, input).finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  private async build(
    key: string,
    version: string,
    input: Parameters<VotePageCache["page"]>[0],
  ): Promise<VotePage | null> {
    const fingerprint = input.fingerprint(input.visitor.roundId);
    if (fingerprint === null) return null;
    const search = input.visitor.templateSearch;
    const response = await input.render(`${input.origin}/vote${search}`, {
      cspNonce: VOTE_PAGE_MARKS.nonce,
      votePageTemplate: {
        token: VOTE_PAGE_MARKS.token,
        prefill: search.includes(VOTE_PAGE_MARKS.code) ? VOTE_PAGE_MARKS.code : "",
      },
    });
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
    const entry: VotePage = { version, fingerprint, expires: Date.now() + TTL_MS, template, headers };
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
    return entry;
  }

  gzip(page: VotePage, values: Record<string, string>) {
    return stitchGzip(page.template, values);
  }

  identity(page: VotePage, values: Record<string, string>) {
    return stitchIdentity(page.template, values);
  }
}
