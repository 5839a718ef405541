import type { RefObject } from "react";

/** The title row of a modal `<dialog>`: its heading (labels the dialog) and the × close button. */
export function DialogHead({
  dialog,
  title,
  titleId,
  className,
}: {
  dialog: RefObject<HTMLDialogElement>;
  title: string;
  titleId: string;
  className: string;
}) {
  return (
    <div className={className}>
      <h2 id={titleId}>{title}</h2>
      <button
        type="button"
        className="checkout-modal__close"
        aria-label="Close"
        onClick={() => dialog.current?.close()}
      >
        ×
      </button>
    </div>
  );
}
