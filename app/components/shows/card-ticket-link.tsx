import { TicketLink } from "./ticket-link";

/** GET TICKETS on a show card, a carousel slide or a list row: the ticket page in a new tab. */
export function CardTicketLink({
  title,
  ticketUrl,
  isEventbrite,
  small = false,
  otherwise,
}: {
  title: string;
  ticketUrl: string;
  isEventbrite: boolean;
  small?: boolean;
  otherwise?: "button--primary" | "button--outline";
}) {
  return (
    <TicketLink
      ticketUrl={ticketUrl}
      isEventbrite={isEventbrite}
      small={small}
      otherwise={otherwise}
      label={`GET TICKETS: ${title} (opens in a new tab)`}
    >
      GET TICKETS
    </TicketLink>
  );
}
