import { json, type ActionFunctionArgs } from "@remix-run/node";
import { refusedVoteHeaders, submitVote, thanksUrl } from "~/features/voting/vote-submission.server";

/**
 * The enhanced /vote page posts here with fetch so it can retry a failed post with
 * backoff; same checks as the form action, answered in JSON.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await submitVote(request, context.clientIp);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (outcome.kind === "thanks") {
    return json(
      { ok: true as const, redirectTo: thanksUrl(outcome.roundId, outcome.voteToken) },
      { headers },
    );
  }
  return json(
    { ok: false as const, fieldErrors: outcome.fieldErrors, formError: outcome.formError },
    { status: outcome.status, headers: refusedVoteHeaders(outcome) },
  );
}

export async function loader() {
  return new Response("Not found", { status: 404 });
}
