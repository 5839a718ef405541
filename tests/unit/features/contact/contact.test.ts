/**
 * The public form actions end to end on the server side (no browser): stored first with
 * the promoter's e-mail queued in the outbox (issue 18), which the sender then delivers
 * through a local SMTP server; a refused e-mail never turns into an error.
 */
import { describe, expect, it } from "vitest";
import { contactMessages, outbox } from "~/db/schema";
import { db } from "~/utils/db.server";
import { deliver, post, usePublicFormDatabase, withSmtp } from "../../../support/public-forms";

usePublicFormDatabase();

const contact = (token: string) => ({
  name: "Sam Visitor",
  email: "Sam@Example.com",
  subject: "Birthday group",
  message: "Twelve of us on Friday?",
  submissionToken: token,
});

describe("contact action", () => {
  it("stores the message, e-mails the promoter and marks it e-mailed", async () => {
    const { action } = await import("~/routes/contact");
    const smtp = await withSmtp("accept");
    const response = (await action(post("/contact", contact("contact-token-accept-01")))) as Response;
    expect(smtp.received).toHaveLength(0);
    await deliver(smtp);
    await smtp.close();
    expect(response.status).toBe(302);
    const rows = db().select().from(contactMessages).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Sam Visitor",
      email: "sam@example.com",
      subject: "Birthday group",
    });
    expect(rows[0].emailedAt).not.toBeNull();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(["promoter@example.com"]);
    expect(smtp.received[0].raw).toContain("Twelve of us on Friday?");
    expect(smtp.received[0].raw).toContain("Subject: Contact form: Birthday group");
    expect(smtp.received[0].raw).toContain("Reply-To: sam@example.com");
  });

  it("keeps the message and answers success when the mail server refuses it", async () => {
    const { action } = await import("~/routes/contact");
    const smtp = await withSmtp("reject");
    const response = (await action(post("/contact", contact("contact-token-reject-01")))) as Response;
    await deliver(smtp);
    await smtp.close();
    expect(response.status).toBe(302);
    const rows = db().select().from(contactMessages).all();
    expect(rows).toHaveLength(1);
    expect(rows[0].emailedAt).toBeNull();
    // A 550 is permanent: given up and shown to staff as failed, not retried forever.
    expect(
      db()
        .select()
        .from(outbox)
        .all()
        .map((m) => m.status),
    ).toEqual(["failed"]);
  });

  it("answers the spec's error text, and e-mails nothing, when the message cannot be stored", async () => {
    const { action } = await import("~/routes/contact");
    const smtp = await withSmtp("accept");
    db().$client.exec("ALTER TABLE contact_messages RENAME TO contact_messages_away");
    try {
      const response = (await action(post("/contact", contact("contact-token-broken-01")))) as Response;
      expect(response.status).toBe(500);
      const body = await response.json();
      expect(body.error[""]).toEqual([
        "There was an error sending your message. Please try again or email directly to promoter@example.com.",
      ]);
      expect(body.initialValue.message).toBe("Twelve of us on Friday?");
    } finally {
      db().$client.exec("ALTER TABLE contact_messages_away RENAME TO contact_messages");
      await deliver(smtp);
      await smtp.close();
    }
    expect(smtp.received).toHaveLength(0);
  });

  it("stores and e-mails a replayed post once", async () => {
    const { action } = await import("~/routes/contact");
    const smtp = await withSmtp("accept");
    await action(post("/contact", contact("contact-token-replay-01")));
    const again = (await action(post("/contact", contact("contact-token-replay-01")))) as Response;
    await deliver(smtp);
    await deliver(smtp);
    await smtp.close();
    expect(again.status).toBe(302);
    expect(db().select().from(contactMessages).all()).toHaveLength(1);
    expect(smtp.received).toHaveLength(1);
  });
});
