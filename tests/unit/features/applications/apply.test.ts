/**
 * The public form actions end to end on the server side (no browser): stored first with
 * the promoter's e-mail queued in the outbox (issue 18), which the sender then delivers
 * through a local SMTP server; a refused e-mail never turns into an error.
 */
import { describe, expect, it } from "vitest";
import { contestantApplications } from "~/db/schema";
import { db } from "~/utils/db.server";
import { deliver, post, usePublicFormDatabase, withSmtp } from "../../../support/public-forms";
import { insertShow } from "../../../support/shows";

usePublicFormDatabase();

describe("contestant application action", () => {
  it("stores the application, then e-mails the promoter", async () => {
    const show = insertShow(db(), {
      title: "Action Test Game Show",
      date: "2099-05-16",
      time: "19:30",
      endTime: "22:00",
      acceptsApplications: true,
      applicationsCloseAt: new Date("2099-05-15T03:59:00Z"),
    });
    const { action } = await import("~/routes/event.$id_.apply");
    const smtp = await withSmtp("accept");
    const args = post(`/event/${show.id}/apply`, {
      from_name: "Pat Player",
      from_email: "pat@example.com",
      mobile_number: "519 555 0199",
      is_over_19: "on",
      can_attend: "yes",
      will_attend_if_not_selected: "no",
      fun_bio: "I once won a staring contest with a cat.",
      accepts_terms: "on",
      submissionToken: "application-token-000001",
    });
    args.params = { id: String(show.id) };
    const response = (await action(args)) as Response;
    await deliver(smtp);
    await smtp.close();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/event/${show.id}?applied=1#contestant-application`);
    const rows = db().select().from(contestantApplications).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      fullName: "Pat Player",
      canAttendEvent: true,
      willAttendIfNotSelected: false,
    });
    expect(rows[0].emailedAt).not.toBeNull();
    expect(smtp.received[0].raw).toContain("Contestant application: Action Test Game Show");
  });
});
