import { useEffect, useId, useRef, useState } from "react";
import { DialogHead } from "~/components/dialog-head";
import { useNonce } from "~/components/nonce";
import { CHECKOUT_ERRORS, checkoutBlockedReason } from "~/lib/ticketing";

export const CHECKOUT_SCRIPT = "https://www.eventbrite.com/static/widgets/eb_widgets.js";
export const CHECKOUT_HEIGHT = 425;

type EBWidgets = {
  createWidget: (options: {
    widgetType: "checkout";
    eventId: string;
    iframeContainerId: string;
    iframeContainerHeight: number;
    onOrderComplete: () => void;
  }) => void;
};

declare global {
  interface Window {
    EBWidgets?: EBWidgets;
  }
}

let scriptPromise: Promise<void> | null = null;

/** Loads the platform's widget script once, only when a visitor opens the checkout. */
function loadCheckoutScript(nonce: string): Promise<void> {
  scriptPromise ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptPromise = null;
      script.remove();
      reject(new Error("load failed"));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

/** The purchase modal: the embedded checkout (HTTPS only), closing when the order completes. */
export function CheckoutModal({
  eventId,
  ticketUrl,
  onClose,
}: {
  eventId: string;
  ticketUrl: string;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const nonce = useNonce();
  const titleId = useId();
  const containerId = `eventbrite-checkout-${eventId}`;
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  useEffect(() => {
    let cancelled = false;
    const blocked = checkoutBlockedReason(window.location.protocol);
    if (blocked) {
      setError(blocked);
      setLoading(false);
      return;
    }
    loadCheckoutScript(nonce)
      .then(() => {
        if (cancelled) return;
        if (!window.EBWidgets) {
          setError(CHECKOUT_ERRORS.missing);
          return;
        }
        window.EBWidgets.createWidget({
          widgetType: "checkout",
          eventId,
          iframeContainerId: containerId,
          iframeContainerHeight: CHECKOUT_HEIGHT,
          onOrderComplete: () => onClose(),
        });
      })
      .catch(() => !cancelled && setError(CHECKOUT_ERRORS.failed))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eventId]);

  return (
    <dialog ref={dialog} className="checkout-modal" aria-labelledby={titleId} onClose={onClose}>
      <DialogHead
        dialog={dialog}
        title="Complete Your Purchase"
        titleId={titleId}
        className="checkout-modal__head"
      />
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : loading ? (
        <p className="muted" role="status">
          Loading checkout…
        </p>
      ) : null}
      <div id={containerId} style={{ minHeight: error ? 0 : CHECKOUT_HEIGHT }} />
      <p className="checkout-modal__fallback">
        <a href={ticketUrl} target="_blank" rel="noopener noreferrer" className="button button--eventbrite">
          Continue to Eventbrite
        </a>
      </p>
    </dialog>
  );
}
