import { listPurpose, type MailList } from "./consent";
import { SITE } from "./site";

/**
 * What every promotional e-mail carries (CASL, issue 39): who sends it, with a postal address,
 * and a working unsubscribe, in the text and as RFC 2369/8058 headers so mail programs show
 * their own "Unsubscribe" button and can use it in one click. The outbox adds it to every
 * message of a promotional kind (models/outbox.server.ts), so no writer can forget it.
 */
export type Sender = { name: string; postalAddress: string; email: string };

export function promotionalFooter(sender: Sender, unsubscribeUrl: string): string {
  return [
    "--",
    `${sender.name}, ${sender.postalAddress}`,
    `Contact: ${sender.email}`,
    `Unsubscribe (one click, no questions): ${unsubscribeUrl}`,
    "",
  ].join("\n");
}

export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** The one confirmation e-mail of a sign-up (double opt-in). */
export function confirmationEmail(input: {
  list: MailList;
  email: string;
  confirmUrl: string;
  performance?: { title: string; date: string };
}): { subject: string; text: string } {
  const purpose = listPurpose(input.list, input.performance);
  return {
    subject: `Please confirm: ${input.list === "newsletter" ? `${SITE.name} merch news` : `tickets for ${input.performance?.title ?? "a sold-out show"}`}`,
    text: [
      `Someone (we hope you) asked ${SITE.name} to send ${input.email} ${purpose}.`,
      "",
      `To confirm, open this link within 48 hours and press "Confirm": ${input.confirmUrl}`,
      "",
      "If it wasn't you, ignore this e-mail: without a confirmation we send nothing more and delete the address.",
      "",
    ].join("\n"),
  };
}
