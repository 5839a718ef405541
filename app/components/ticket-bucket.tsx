import { ticketCountText, type TicketCount } from "~/lib/ticket-votes";
import { HostButton } from "./reveal";

/**
 * Issue 41: a round that checks tickets, on the host's page: what is counted (ticket holders
 * only, or every vote), the unverified bucket's size, and the one button that switches.
 */
/**
 * Issue 41: a round without a ticket check, for one performance of a show, before its reveal:
 * the host can turn the check on; the votes already cast are marked and each voter is told by
 * e-mail.
 */
export function TicketCheckOn({ roundId }: { roundId: number }) {
  return (
    <section className="host-controls" aria-labelledby="ticket-bucket-title">
      <h2 id="ticket-bucket-title">Ticket holders</h2>
      <p>
        This round does not check tickets: every vote counts. Turning the check on marks every vote, those
        already cast too, as a ticket holder's or unverified; each voter is told which by e-mail.
      </p>
      <HostButton roundId={roundId} intent="tickets-require" label="Require a ticket" />
      <HostButton roundId={roundId} intent="tickets-prefer" label="Prefer ticket holders" />
    </section>
  );
}

export function TicketBucket({
  roundId,
  tickets,
  canSwitch,
}: {
  roundId: number;
  tickets: TicketCount;
  canSwitch: boolean;
}) {
  const holdersOnly = tickets.rule === "require";
  return (
    <section className="host-controls" aria-labelledby="ticket-bucket-title">
      <h2 id="ticket-bucket-title">Ticket holders</h2>
      <p data-ticket-count>{ticketCountText(tickets)}</p>
      {canSwitch ? (
        <HostButton
          roundId={roundId}
          intent={holdersOnly ? "tickets-prefer" : "tickets-require"}
          label={holdersOnly ? "Count unverified votes too" : "Count ticket holders only"}
        />
      ) : null}
    </section>
  );
}
