import { Form } from "@remix-run/react";
import { useBusinessZone } from "~/components/business-zone";
import { QrCode } from "~/components/qr-code";
import type { AlarmView, BurstPattern, DevicePattern } from "~/lib/vote-patterns";
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

/**
 * Issue 37: the host's live alarm (updated by the results stream): a budget of the round refused
 * an address, or one address sent a burst of votes for one comedian. A burst can be voided
 * (its votes stop counting; audited). Not on the projector.
 */
export function StuffingAlarm({ roundId, alarm }: { roundId: number; alarm: AlarmView }) {
  const zone = useBusinessZone();
  const live = alarm.budgetHits.length > 0 || alarm.bursts.some((b) => !b.voided);
  const time = (ms: number) => formatInZone(new Date(ms), "h:mm:ss a", zone);
  return (
    <section
      className={`vote-alarm${live ? " vote-alarm--on" : ""}`}
      aria-labelledby="vote-alarm-title"
      aria-live="polite"
      data-alarm={live ? "on" : "off"}
    >
      <h2 id="vote-alarm-title">{live ? "Alarm: possible ballot stuffing" : "Stuffing alarm: all quiet"}</h2>
      {alarm.budgetHits.length ? (
        <ul>
          {alarm.budgetHits.map((h) => (
            <li key={`${h.budget}-${h.ip}`}>
              <strong>{h.budget === "newPhones" ? "New phones" : "Votes"}</strong> from <code>{h.ip}</code>{" "}
              over this round's budget: {h.refused} refused, {time(h.firstAt)} to {time(h.lastAt)}.
            </li>
          ))}
        </ul>
      ) : null}
      {alarm.bursts.length ? (
        <ul className="vote-alarm__bursts">
          {alarm.bursts.map((b) => (
            <li key={`${b.ip}-${b.comedianId}-${b.from}`}>
              <span>
                <strong>
                  {b.votes} votes for {b.name}
                </strong>{" "}
                from <code>{b.ip}</code> between {time(b.from)} and {time(b.to)} ({Math.round(b.share * 100)}%
                of that address's votes then){b.voided ? ": voided" : ""}.
              </span>
              {b.voided ? null : (
                <Form method="post" action="/results/host">
                  <input type="hidden" name="roundId" value={roundId} />
                  <input type="hidden" name="ip" value={b.ip} />
                  <input type="hidden" name="comedianId" value={b.comedianId} />
                  <input type="hidden" name="from" value={b.from} />
                  <input type="hidden" name="to" value={b.to} />
                  <button
                    type="submit"
                    name="intent"
                    value="void-burst"
                    className="button button--danger host-controls__button"
                    aria-label={`Void the ${b.votes} votes for ${b.name} from ${b.ip}`}
                  >
                    Void these votes
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {!live && alarm.bursts.length === 0 ? (
        <p className="muted">No budget hit and no burst for one comedian so far.</p>
      ) : null}
    </section>
  );
}

/** Issue 37: a signed-in staff member hands the projector's device a link for tonight. */
export function ProjectorLink({
  roundId,
  link,
}: {
  roundId: number;
  link: { url: string; ends: string; qr: string } | null;
}) {
  return (
    <section className="room-code__toggle" aria-labelledby="projector-link-title">
      <h2 id="projector-link-title">Projector link for tonight</h2>
      {link ? (
        <>
          <p>
            Open this link on the projector's device: it shows this round's projector view without the results
            password, until {link.ends}.
          </p>
          <p>
            <code className="projector-link__url">{link.url}</code>
          </p>
          <QrCode svg={link.qr} label="QR code of the projector link" className="room-code__qr" />
        </>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="projector-link" />
          <input type="hidden" name="roundId" value={roundId} />
          <p>
            A link that opens this round's projector view on another device without the shared password, until
            6 AM.
          </p>
          <button type="submit" className="button button--outline host-controls__button">
            Make a projector link
          </button>
        </Form>
      )}
    </section>
  );
}
