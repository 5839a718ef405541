import { describe, expect, it } from "vitest";
import { votePost } from "~/fast/vote-requests.server";
import { submitVoteForm } from "~/features/voting/vote-submission.server";
import { VOTE_MESSAGES } from "~/lib/vote";

/**
 * A refused vote's messages (issue 40): the same words, from the form pipeline's one
 * `fieldErrors`, in the two shapes a phone gets: the JSON the enhanced page reads, and the
 * outcome the no-JavaScript page renders. Nothing here reaches the database: a vote whose
 * input is refused is answered before any of it.
 */
const TOKEN = "t".repeat(24);
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("a refused vote says what to fix, next to the field", () => {
  it("no comic and a malformed e-mail: both messages, as JSON for the enhanced page", async () => {
    const body = Buffer.from(`roundId=1&voteToken=${TOKEN}&comedianId=&email=not-an-email`);
    const reply = await votePost({ path: "/vote/submit", body, cookie: null, clientIp: "203.0.113.9" });
    if (!("status" in reply)) throw new Error("expected a JSON answer");
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toEqual({
      ok: false,
      fieldErrors: { comedianId: VOTE_MESSAGES.comedianRequired, email: VOTE_MESSAGES.emailInvalid },
      formError: null,
    });
  });

  it("an empty e-mail: its first message only (the page shows one line per field)", async () => {
    const outcome = await submitVoteForm(
      form({ roundId: "1", voteToken: TOKEN, comedianId: "4", email: "  " }),
      null,
      "203.0.113.9",
    );
    expect(outcome).toMatchObject({
      kind: "invalid",
      status: 400,
      fieldErrors: { email: VOTE_MESSAGES.emailRequired },
      formError: null,
      values: { comedianId: "4", email: "  " },
    });
    expect(outcome.kind === "invalid" && Object.keys(outcome.fieldErrors)).toEqual(["email"]);
  });

  it("a form whose hidden fields were tampered with: one line above the form, reload", async () => {
    const outcome = await submitVoteForm(
      form({ roundId: "0x10", voteToken: "short", comedianId: "4", email: "ann@example.com" }),
      null,
      "203.0.113.9",
    );
    expect(outcome).toMatchObject({
      kind: "invalid",
      status: 400,
      fieldErrors: {},
      formError: "This voting form is out of date. Please reload the page and vote again.",
    });
  });
});
