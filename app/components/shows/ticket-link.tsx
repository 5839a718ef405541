import type { ReactNode } from "react";
import { isEventbriteHost } from "~/lib/ticketing";
import { checkoutDialogId } from "./checkout-modal";

/**
 * A ticket button: a link to the ticket URL in a new tab, in the platform's colours with its icon
 * (`.button--ticket`, drawn by the stylesheet: a home page lists 40-odd of these, and an inline
 * SVG each was 530 bytes and a React tree per button) when it leads to the platform (the spec's buttons): a synced show, or any show whose ticket URL
 * is on the platform, so the same action has one look wherever dates of both kinds meet (a
 * comedian's dates, issue 42). With JavaScript and a platform event id it opens the
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
  const platform = isEventbrite || isEventbriteHost(ticketUrl);
  return (
    <a
      href={ticketUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      data-checkout={eventId ? checkoutDialogId(eventId) : undefined}
      className={`button ${small ? "button--small " : ""}${platform ? "button--eventbrite button--ticket" : otherwise}`}
    >
      {children}
    </a>
  );
}
