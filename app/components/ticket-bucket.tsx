import { ticketCountText, type TicketCount } from "~/lib/ticket-votes";
import { HostButton } from "./reveal";

/**
 * Issue 41: a round that checks tickets, on the host's page: what is counted (ticket holders
 * only, or every vote), the unverified bucket's size, and the one button that switches.
 */
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
