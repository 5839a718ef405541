import { Form } from "@remix-run/react";
import { useBusinessZone } from "~/components/business-zone";
import { QrCode } from "~/components/qr-code";
import type { BurstPattern, DevicePattern } from "~/lib/vote-patterns";
import { formatInZone } from "~/lib/zoned-time";

/** On the projector: where to vote, and (when on) the room code big with its QR code. */
export function ProjectorVoteBox({
  voteAt,
  code,
}: {
  voteAt: { text: string; qr: string; url: string };
  code: string | null;
}) {
  return (
    <div className="projector__vote-at" data-projector-slot="vote-at" aria-label="How to vote">
      <QrCode svg={voteAt.qr} label={`QR code for ${voteAt.url}`} className="projector__qr" />
      <div className="projector__vote-text">
        <p className="projector__vote-line">
          Vote at <strong>{voteAt.text}</strong>
        </p>
        {code ? (
          <p className="room-code__where">
            <span className="room-code__label">Room code</span>{" "}
            <span className="room-code__code" data-testid="room-code">
              {code}
            </span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** On the host's screen: turn the room code on or off for the open round. */
export function RoomCodeToggle({ roundId, on }: { roundId: number; on: boolean }) {
  return (
    <Form method="post" className="room-code__toggle">
      <input type="hidden" name="intent" value="room-code" />
      <input type="hidden" name="roundId" value={roundId} />
      <input type="hidden" name="on" value={on ? "0" : "1"} />
      <p>
        Room code is <strong>{on ? "on" : "off"}</strong>.{" "}
        {on
          ? "Voters type the code on the projector (or scan its QR code); it changes every 3 minutes."
          : "Turn it on so that only people in the room can vote: the projector shows a code that changes every 3 minutes."}
      </p>
      <button type="submit" className="button button--outline button--small">
        {on ? "Turn room code off" : "Turn room code on"}
      </button>
    </Form>
  );
}

/** On the host's screen: what looks like ballot stuffing (shown, not acted on). */
export function SuspiciousPatterns({
  patterns,
}: {
  patterns: { refusedTotal: number; devices: DevicePattern[]; bursts: BurstPattern[] };
}) {
  const zone = useBusinessZone();
  const none = patterns.devices.length === 0 && patterns.bursts.length === 0;
  return (
    <section className="vote-watch" aria-labelledby="vote-watch-title">
      <h2 id="vote-watch-title">Suspicious patterns</h2>
      <p className="muted">
        {patterns.refusedTotal} vote{patterns.refusedTotal === 1 ? "" : "s"} refused as repeats in this round.
      </p>
      {none ? <p>Nothing suspicious so far.</p> : null}
      {patterns.devices.length ? (
        <>
          <h3>One phone, many e-mails</h3>
          <ul>
            {patterns.devices.map((d) => (
              <li key={d.device}>
                Phone <code>{d.device}</code> tried {d.emails} different e-mails after voting ({d.refusals}{" "}
                refused, last at {formatInZone(new Date(d.lastAt), "h:mm:ss a", zone)})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {patterns.bursts.length ? (
        <>
          <h3>Bursts from one address</h3>
          <ul>
            {patterns.bursts.map((b) => (
              <li key={`${b.ip}-${b.minute}`}>
                {b.votes} votes from <code>{b.ip}</code> in the minute from{" "}
                {formatInZone(new Date(b.minute), "h:mm a", zone)} (a room on one Wi-Fi does this too)
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
