import { DialogHead } from "~/components/dialog-head";
import { CHECKOUT_ERRORS } from "~/lib/ticketing";

export const CHECKOUT_SCRIPT = "https://www.eventbrite.com/static/widgets/eb_widgets.js";
export const CHECKOUT_HEIGHT = 425;

/** The id of a page's checkout dialog, which its ticket links name (`data-checkout`). */
export const checkoutDialogId = (eventId: string) => `checkout-${eventId}`;

/**
 * The purchase modal ("Complete Your Purchase"), drawn closed by the server. Its ticket links
 * open it with JavaScript (app/components/enhance.ts), which loads the platform's embedded
 * checkout into it over HTTPS only and closes it when the order completes; without JavaScript
 * the links open the platform in a new tab and the dialog is never shown.
 */
export function CheckoutDialog({ eventId, ticketUrl }: { eventId: string; ticketUrl: string }) {
  const id = checkoutDialogId(eventId);
  return (
    <dialog
      id={id}
      className="checkout-modal"
      aria-labelledby={`${id}-title`}
      data-event-id={eventId}
      data-script={CHECKOUT_SCRIPT}
      data-height={CHECKOUT_HEIGHT}
      data-loading="Loading checkout…"
      data-error-https={CHECKOUT_ERRORS.https}
      data-error-missing={CHECKOUT_ERRORS.missing}
      data-error-failed={CHECKOUT_ERRORS.failed}
    >
      <DialogHead title="Complete Your Purchase" titleId={`${id}-title`} className="checkout-modal__head" />
      <p data-checkout-status="" className="muted" />
      <div id={`${id}-frame`} data-checkout-frame="" style={{ minHeight: CHECKOUT_HEIGHT }} />
      <p className="checkout-modal__fallback">
        <a href={ticketUrl} target="_blank" rel="noopener noreferrer" className="button button--eventbrite">
          Continue to Eventbrite
        </a>
      </p>
    </dialog>
  );
}
