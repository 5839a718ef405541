import { Ticket } from "lucide-react";
import { useState, type ReactNode } from "react";
import { CheckoutModal } from "./checkout-modal";

/**
 * A ticket button: without JavaScript (or without a platform event id) it opens the ticket
 * URL in a new tab; with JavaScript and an event id it opens the embedded checkout instead.
 */
export function TicketLink({
  ticketUrl,
  eventId,
  isEventbrite,
  className = "",
  children,
  label,
}: {
  ticketUrl: string | null;
  eventId: string | null;
  isEventbrite: boolean;
  className?: string;
  children: ReactNode;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  if (!ticketUrl) return null;
  return (
    <>
      <a
        href={ticketUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
        className={`button ${isEventbrite ? "button--eventbrite" : "button--primary"} ${className}`}
        onClick={(e) => {
          if (!eventId || e.metaKey || e.ctrlKey || e.shiftKey) return;
          e.preventDefault();
          setOpen(true);
        }}
      >
        {isEventbrite ? <Ticket size={18} aria-hidden="true" /> : null}
        {children}
      </a>
      {open && eventId ? (
        <CheckoutModal eventId={eventId} ticketUrl={ticketUrl} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
