import { afterEach, describe, expect, it } from "vitest";
import { contactNotification } from "~/lib/notifications";
import {
  listContactMessages,
  markContactMessageEmailed,
  saveContactMessage,
} from "~/models/submissions.server";
import { notifyPromoter } from "~/services/mail.server";
import { startFakeSmtp } from "../fakes/smtp";
import { createTestDb } from "../support/db";

const input = {
  name: "Dana Fan",
  email: "dana@example.com",
  subject: "Group booking",
  message: "Can we book a table for ten?",
  submissionToken: "token-mail-test-000001",
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe("notifyPromoter", () => {
  it("e-mails the stored message to CONTACT_EMAIL through the SMTP server", async () => {
    const smtp = await startFakeSmtp();
    close = smtp.close;
    const ok = await notifyPromoter(contactNotification(input), {
      smtpUrl: smtp.url,
      to: "promoter@example.com",
    });
    expect(ok).toBe(true);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(["promoter@example.com"]);
    expect(smtp.received[0].raw).toContain("Subject: Contact form: Group booking");
    expect(smtp.received[0].raw).toContain("Reply-To: dana@example.com");
    expect(smtp.received[0].raw).toContain("Can we book a table for ten?");
  });

  it("answers false without throwing when the server refuses the message, and the stored message stays", async () => {
    const database = createTestDb();
    const smtp = await startFakeSmtp({ mode: "reject" });
    close = smtp.close;
    const saved = saveContactMessage(input, { ipAddress: "127.0.0.1" }, database);
    const ok = await notifyPromoter(contactNotification(input), {
      smtpUrl: smtp.url,
      to: "promoter@example.com",
    });
    expect(ok).toBe(false);
    if (ok) markContactMessageEmailed(saved.record.id, database);
    const stored = listContactMessages(database);
    expect(stored).toHaveLength(1);
    expect(stored[0].emailedAt).toBeNull();
  });

  it("answers false when nothing listens at the SMTP address", async () => {
    const smtp = await startFakeSmtp();
    await smtp.close();
    expect(await notifyPromoter(contactNotification(input), { smtpUrl: smtp.url, to: "p@example.com" })).toBe(
      false,
    );
  });

  it("sends nothing when SMTP_URL is not set", async () => {
    expect(await notifyPromoter(contactNotification(input), { to: "p@example.com" })).toBe(false);
  });
});
