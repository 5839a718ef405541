import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string | null; to: string[]; raw: string };

/**
 * A local SMTP server on 127.0.0.1 (port 0, or `port` to come back where a stopped one was)
 * that keeps what it receives. `mode: "reject"` answers every message with a permanent
 * failure (550); `mode: "hang"` reads the message and never answers (a stuck server);
 * `mode: "slow"` keeps the message as soon as it has arrived (as a real server commits it
 * to its queue) but answers "250 OK" only `delayMs` later (default 3 s): a client that
 * hangs up before the answer cannot know it was delivered.
 */
export async function startFakeSmtp(
  options: { mode?: "accept" | "reject" | "hang" | "slow"; port?: number; delayMs?: number } = {},
) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // Tests close it with a client still connected (a stuck or slow send): don't wait 30 s.
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (options.mode === "hang") return;
        if (options.mode === "reject") {
          const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        if (options.mode === "slow") setTimeout(() => callback(), options.delayMs ?? 3_000);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
