import { Ticket } from "lucide-react";

/**
 * GET TICKETS on a show card, a carousel slide or a list row: the ticket page in a new tab,
 * in the platform's colours with its icon for a platform show (the spec's cards). Kept apart
 * from TicketLink (the show page's button and its checkout modal) so lists load no modal code.
 */
export function CardTicketLink({
  title,
  ticketUrl,
  isEventbrite,
  small = false,
  otherwise = "button--primary",
}: {
  title: string;
  ticketUrl: string;
  isEventbrite: boolean;
  small?: boolean;
  /** The button's look when the show is not from the platform. */
  otherwise?: "button--primary" | "button--outline";
}) {
  return (
    <a
      href={ticketUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={`button ${small ? "button--small " : ""}${isEventbrite ? "button--eventbrite" : otherwise}`}
      aria-label={`GET TICKETS: ${title} (opens in a new tab)`}
    >
      {isEventbrite ? <Ticket size={small ? 16 : 18} aria-hidden="true" /> : null}
      GET TICKETS
    </a>
  );
}
