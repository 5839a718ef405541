import { Ticket } from "lucide-react";
import type { ReactNode } from "react";
import { checkoutDialogId } from "./checkout-modal";

/**
 * A ticket button: a link to the ticket URL in a new tab, in the platform's colours with its icon
 * for a platform show (the spec's buttons). With JavaScript and a platform event id it opens the
 * page's embedded checkout instead (`data-checkout` names the dialog the show page draws with
 * `CheckoutDialog`; app/components/enhance.ts opens it).
 */
export function TicketLink({
  ticketUrl,
  eventId = null,
  isEventbrite,
  small = false,
  otherwise = "button--primary",
  children,
  label,
}: {
  ticketUrl: string | null;
  eventId?: string | null;
  isEventbrite: boolean;
  small?: boolean;
  /** The button's look when the show is not from the platform. */
  otherwise?: "button--primary" | "button--outline";
  children: ReactNode;
  label?: string;
}) {
  if (!ticketUrl) return null;
  return (
    <a
      href={ticketUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      data-checkout={eventId ? checkoutDialogId(eventId) : undefined}
      className={`button ${small ? "button--small " : ""}${isEventbrite ? "button--eventbrite" : otherwise}`}
    >
      {isEventbrite ? <Ticket size={small ? 16 : 18} aria-hidden="true" /> : null}
      {children}
    </a>
  );
}
