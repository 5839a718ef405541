import crypto from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import { afterFailure, OUTBOX_DEFAULTS } from "~/lib/outbox";
import { claimDue, markFailedAttempt, markSent, releaseClaims, setOutboxWake } from "~/models/outbox.server";
import { db, type DB } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";

export type SenderOptions = {
  smtpUrl: string;
  /** The From address (CONTACT_EMAIL). */
  from: string;
  /** Promoter notifications go to this address. */
  pollMs?: number;
  leaseMs?: number;
  retryBaseMs?: number;
  retryCapMs?: number;
  maxAttempts?: number;
  database?: DB;
};

/** A nodemailer transport with short timeouts (a hung server must not hold a lease forever). */
export function smtpTransport(smtpUrl: string): Transporter {
  const url = new URL(smtpUrl);
  for (const [k, v] of Object.entries({
    connectionTimeout: "10000",
    greetingTimeout: "10000",
    socketTimeout: "30000",
  })) {
    if (!url.searchParams.has(k)) url.searchParams.set(k, v);
  }
  return nodemailer.createTransport(url.href);
}

/**
 * One pass: claim what is due, send it one by one, mark each sent right after the SMTP
 * server accepted it. Returns how many were sent. Once `stopping()` answers true (shutdown)
 * no new message is started: the claimed ones not yet started are handed back at once.
 */
export async function deliverDue(
  options: SenderOptions,
  transport: Transporter = smtpTransport(options.smtpUrl),
  now = () => new Date(),
  stopping: () => boolean = () => false,
) {
  const database = options.database ?? db();
  const leaseMs = options.leaseMs ?? OUTBOX_DEFAULTS.leaseMs;
  let sent = 0;
  for (;;) {
    if (stopping()) return sent;
    const batch = claimDue(now(), leaseMs, 10, database);
    if (batch.length === 0) return sent;
    for (const [i, message] of batch.entries()) {
      if (stopping()) {
        releaseClaims(
          batch.slice(i).map((m) => m.id),
          database,
        );
        return sent;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: message.toAddress,
          replyTo: message.replyTo ?? undefined,
          subject: message.subject,
          text: message.body,
          headers: message.headers ?? undefined,
          // The same id on every try: a receiver that got a copy before a crash can tell.
          messageId: `<outbox-${message.id}-${message.createdAt.getTime()}@${options.from.split("@")[1] ?? "localhost"}>`,
        });
        markSent(message, now(), database);
        sent++;
      } catch (error) {
        const decision = afterFailure(error, message.attempts, now(), options);
        markFailedAttempt(
          message.id,
          decision,
          error instanceof Error ? error.message : String(error),
          database,
        );
        logger().warn(
          { err: error, outboxId: message.id, attempts: message.attempts, next: decision.status },
          "outbox delivery failed",
        );
      }
    }
  }
}

/** How long a shutdown waits for the message being sent (fly.io's kill_timeout is 15 s). */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The sender inside the server: wakes on every enqueue (through the globalThis hook) and
 * otherwise polls, so retries and rows left by a crash are picked up. Never overlaps itself.
 *
 * `stop()` is the graceful shutdown (SIGTERM/SIGINT): nothing new is claimed or started,
 * the message being sent gets up to `graceMs` to be accepted and marked sent, the claimed
 * rest is handed back; it resolves when the pass has ended (true) or the grace ran out
 * (false: that one message may be sent again after the restart, with the same Message-ID).
 * The caller closes the database after it resolves.
 */
export function startOutboxSender(options: SenderOptions) {
  const pollMs = options.pollMs ?? 5_000;
  const id = crypto.randomUUID().slice(0, 8);
  let pass: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const transport = smtpTransport(options.smtpUrl);
  const run = async () => {
    if (stopped) return;
    if (pass) {
      again = true;
      return pass;
    }
    pass = (async () => {
      try {
        do {
          again = false;
          await deliverDue(options, transport, undefined, () => stopped);
        } while (again && !stopped);
      } catch (error) {
        logger().error({ err: error, sender: id }, "outbox pass failed");
      } finally {
        pass = null;
      }
    })();
    return pass;
  };
  const timer = setInterval(run, pollMs);
  timer.unref();
  setOutboxWake(() => void run());
  void run();
  return {
    run,
    async stop(graceMs = SHUTDOWN_GRACE_MS): Promise<boolean> {
      stopped = true;
      clearInterval(timer);
      setOutboxWake(undefined);
      let finished = true;
      if (pass) {
        let timeout: NodeJS.Timeout | undefined;
        finished = await Promise.race([
          pass.then(() => true),
          new Promise<boolean>((resolve) => (timeout = setTimeout(() => resolve(false), graceMs))),
        ]);
        clearTimeout(timeout);
        if (!finished)
          logger().warn(
            { sender: id, graceMs },
            "outbox: a message was still being sent at shutdown; it may be sent again after the restart",
          );
      }
      transport.close();
      return finished;
    },
  };
}
