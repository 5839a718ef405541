/**
 * The title row of a modal `<dialog>`: its heading (labels the dialog) and the × close button,
 * which closes the dialog through the browser's own `<form method="dialog">` (no script needed).
 */
export function DialogHead({
  title,
  titleId,
  className,
}: {
  title: string;
  titleId: string;
  className: string;
}) {
  return (
    <div className={className}>
      <h2 id={titleId}>{title}</h2>
      <form method="dialog">
        <button type="submit" className="checkout-modal__close" aria-label="Close">
          ×
        </button>
      </form>
    </div>
  );
}
