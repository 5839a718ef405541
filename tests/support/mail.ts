import { startFakeSmtp } from "../fakes/smtp";
import { startSeededServer, type SeededServer } from "./server";

export type FakeSmtp = Awaited<ReturnType<typeof startFakeSmtp>>;

/**
 * The production server on its own seeded database with a mail set-up of the test's
 * choosing (SMTP_URL, short outbox retry and lease times), which the test can kill -9 and
 * start again on the same database (issue 18's delivery tests).
 */
export function startMailServer(env: Record<string, string>) {
  return startSeededServer({ OUTBOX_RETRY_BASE_MS: "300", OUTBOX_LEASE_MS: "1500", ...env }, "mail");
}

/**
 * The mail tests' set-up in one place: fake SMTP servers (tests/fakes/smtp.ts) and mail
 * servers of the app that a test starts, all stopped by `close()` (the app servers first,
 * so nothing is mid-send when its SMTP server goes). The browser tests get one per test
 * as the `mail` fixture (tests/e2e/fixtures.ts).
 */
export function mailRig() {
  const servers: SeededServer[] = [];
  const smtps: FakeSmtp[] = [];
  const rig = {
    async smtp(options?: Parameters<typeof startFakeSmtp>[0]) {
      const smtp = await startFakeSmtp(options);
      smtps.push(smtp);
      return smtp;
    },
    async server(env: Record<string, string>) {
      const server = await startMailServer(env);
      servers.push(server);
      return server;
    },
    /** The usual pair: a fake SMTP server that accepts, and an app server sending to it. */
    async start(env: Record<string, string> = {}) {
      const smtp = await rig.smtp();
      const server = await rig.server({ SMTP_URL: smtp.url, ...env });
      return { smtp, server };
    },
    async close() {
      for (const server of servers.splice(0)) await server.close();
      for (const smtp of smtps.splice(0)) await smtp.close();
    },
  };
  return rig;
}

export type MailRig = ReturnType<typeof mailRig>;

/** Unfolds header lines and quoted-printable soft breaks so links can be read whole. */
export const readableMail = (raw: string) =>
  raw
    .replace(/\r\n[ \t]+/g, " ")
    .replace(/=\r\n/g, "")
    .replace(/=3D/g, "=");
