/**
 * Issue 40: the staff actions moved onto the form pipeline (features/*), on the server side
 * (no browser): a bad value is refused with 400 and changes nothing; a good post changes what it
 * says and redirects with the spec's message.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events } from "~/db/schema";
import { handleArchive, handleSoldOut } from "~/features/events/show-status.server";
import { db } from "~/utils/db.server";
import { addStaff, flashOf, ORIGIN, useAppDatabase } from "../../../support/app-db";
import { insertShow } from "../../../support/shows";

// No mail server: nothing here sends, and the outbox is not this file's business.
delete process.env.SMTP_URL;
useAppDatabase("staff-forms");

let staff: { id: number; username: string };
beforeAll(() => {
  staff = addStaff("forms-owner");
});

const post = (url: string, body: string) =>
  new Request(`${ORIGIN}${url}`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });

describe("sold out and archive", () => {
  it("the sold-out toggle takes true or false only: anything else is a 400 that changes nothing", async () => {
    const show = insertShow(db(), { title: "Toggle night", ticketUrl: "https://t.example/1" });
    const bad = await handleSoldOut(
      post(`/admin/events/${show.id}/sold-out`, "soldOut=maybe"),
      staff,
      String(show.id),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).error?.soldOut).toBeTruthy();
    expect(db().select().from(events).where(eq(events.id, show.id)).get()!.soldOut).toBe(false);

    const on = await handleSoldOut(
      post(`/admin/events/${show.id}/sold-out`, "soldOut=true"),
      staff,
      String(show.id),
    );
    expect(on.status).toBe(302);
    expect(await flashOf(on)).toMatchObject({ type: "success", message: "Event marked as sold out" });
    expect(db().select().from(events).where(eq(events.id, show.id)).get()!.soldOut).toBe(true);

    const missing = await handleSoldOut(
      post("/admin/events/999999/sold-out", "soldOut=false"),
      staff,
      "999999",
    );
    expect(await flashOf(missing)).toMatchObject({
      type: "error",
      message: "Event with ID 999999 not found",
    });
  });

  it("archiving reads its (empty) form through the pipeline, archives once and says so the second time", async () => {
    const show = insertShow(db(), { title: "Archive night" });
    const first = await handleArchive(post(`/admin/events/${show.id}/archive`, ""), staff, String(show.id));
    expect(await flashOf(first)).toMatchObject({ type: "success", message: "Event archived successfully" });
    const again = await handleArchive(post(`/admin/events/${show.id}/archive`, ""), staff, String(show.id));
    expect(again.headers.get("Location")).toBe("/admin?view=archive");
    expect(await flashOf(again)).toMatchObject({ type: "info", message: "This event is already archived" });
    const json = await handleArchive(
      new Request(`${ORIGIN}/admin/events/${show.id}/archive`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      }),
      staff,
      String(show.id),
    );
    expect(json.status).toBe(415);
  });
});
