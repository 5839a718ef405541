/// <reference types="@remix-run/dev" />

import "@remix-run/node";
import type { VotePageTemplateContext } from "~/fast/vote-page.server";
import type { PhoneWait } from "~/fast/vote-requests.server";
import type { VoteOutcome } from "~/features/voting/vote-submission.server";
import type { UnsubscribeOutcome } from "~/models/mail-lists.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This response's CSP nonce for inline scripts. */
    cspNonce: string;
    /** The client's address (the proxy's header only when TRUST_PROXY is set). */
    clientIp: string;
    requestId: string;
    /** Issue 20: set only when the server renders the cached /vote page (placeholders, no visitor). */
    votePageTemplate?: VotePageTemplateContext;
    /**
     * Issue 20: a vote post the server already decided (app/fast/vote-requests.server.ts);
     * issue 37: or a GET /vote whose new phone must wait (over the round's budget of new phones).
     */
    voteOutcome?: VoteOutcome | PhoneWait;
    /** Issue 39: the one-click unsubscribe the server already did (server/front.ts) for the page it renders. */
    unsubscribed?: UnsubscribeOutcome;
  }
}
