/**
 * The shared-password gates' one handler (features/gates/gate-form.server.ts), through the two
 * pages that post to it (/booking for door staff, /results for the host), on the server side:
 * an empty password is a 400 with the message and opens nothing; a wrong one a 401 with the
 * password never sent back; the right one opens the gate for this browser.
 */
import { describe, expect, it } from "vitest";
import { handleBookingPost } from "~/features/booking/booking-post.server";
import { handleResultsPost } from "~/features/voting/results-post.server";
import { hasGate } from "~/utils/auth.server";
import { formPost, ORIGIN, replyOf, sessionCookieOf, useAppDatabase } from "../../../support/app-db";

useAppDatabase("gates", { BOOKING_PASSWORD: "door-staff-pass", RESULTS_PASSWORD: "host-pass" });

const opened = async (response: Response, gate: "bookingGate" | "resultsGate") => {
  const cookie = sessionCookieOf(response);
  return cookie !== null && hasGate(new Request(ORIGIN, { headers: { Cookie: cookie } }), gate);
};

describe("the booking gate (POST /booking)", () => {
  it("an empty password: 400 with the field's message, and the schedule stays locked", async () => {
    const response = await handleBookingPost(
      formPost("/booking", { intent: "login", password: "" }),
      "192.0.2.1",
    );
    expect(response.status).toBe(400);
    expect((await replyOf(response.clone())).error).toEqual({ password: ["Please enter the password"] });
    expect(await opened(response, "bookingGate")).toBe(false);
  });

  it("a wrong password: 401 with the message, the password not sent back, still locked", async () => {
    const response = await handleBookingPost(
      formPost("/booking", { intent: "login", password: "nope" }),
      "192.0.2.2",
    );
    expect(response.status).toBe(401);
    const reply = await replyOf(response.clone());
    expect(reply.error).toEqual({ "": ["Incorrect password. Please try again."] });
    expect(reply.initialValue).toEqual({ intent: "login" });
    expect(await opened(response, "bookingGate")).toBe(false);
  });

  it("the right password (a script may leave the intent out): back to /booking with the gate open", async () => {
    const response = await handleBookingPost(
      formPost("/booking", { password: "door-staff-pass" }),
      "192.0.2.3",
    );
    expect([response.status, response.headers.get("Location")]).toEqual([302, "/booking"]);
    expect(await opened(response, "bookingGate")).toBe(true);
    // One gate's password opens that gate only.
    expect(await opened(response, "resultsGate")).toBe(false);
  });
});

describe("the results gate (POST /results): the same handler", () => {
  it("refuses an empty password with the message and opens on the right one", async () => {
    const empty = await handleResultsPost(formPost("/results", { intent: "login" }), "192.0.2.4");
    expect(empty.status).toBe(400);
    expect((await replyOf(empty)).error).toEqual({ password: ["Please enter the password"] });
    const right = await handleResultsPost(
      formPost("/results", { intent: "login", password: "host-pass" }),
      "192.0.2.4",
    );
    expect(right.status).toBe(302);
    expect(await opened(right, "resultsGate")).toBe(true);
  });
});
