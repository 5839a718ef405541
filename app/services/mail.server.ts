import nodemailer from "nodemailer";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

export type Notification = { subject: string; text: string; replyTo?: string };

/**
 * E-mails the promoter (CONTACT_EMAIL) about a stored submission when SMTP_URL is set.
 * Never throws: the submission is already stored, so a mail failure is logged and the
 * visitor still sees success. Returns true when the message was accepted by the server.
 */
export async function notifyPromoter(
  notification: Notification,
  config: { smtpUrl?: string; to?: string } = {},
): Promise<boolean> {
  const env = getEnv();
  const smtpUrl = config.smtpUrl ?? env.SMTP_URL;
  const to = config.to ?? env.CONTACT_EMAIL;
  if (!smtpUrl) return false;
  try {
    // Short timeouts: the visitor's request waits for this (the submission is already stored).
    const url = new URL(smtpUrl);
    for (const [k, v] of Object.entries({
      connectionTimeout: "5000",
      greetingTimeout: "5000",
      socketTimeout: "10000",
    })) {
      if (!url.searchParams.has(k)) url.searchParams.set(k, v);
    }
    const transport = nodemailer.createTransport(url.href);
    await transport.sendMail({
      from: to,
      to,
      replyTo: notification.replyTo,
      subject: notification.subject,
      text: notification.text,
    });
    return true;
  } catch (error) {
    logger().error({ err: error, subject: notification.subject }, "notification e-mail failed");
    return false;
  }
}
