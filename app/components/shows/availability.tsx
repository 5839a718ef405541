import type { BoxOfficeView } from "~/lib/seats";

/**
 * A performance's availability from the platform's numbers (app/lib/seats.ts), worked out by
 * the server: "Last few tickets", "On sale Fri, Dec 4, 10:00 AM", "Online sales ended". Nothing
 * for plain availability or when the numbers are unknown; sold out has its own badge.
 */
export function AvailabilityChip({
  box,
  className = "",
}: {
  box?: BoxOfficeView | null;
  className?: string;
}) {
  if (!box?.chip) return null;
  return (
    <p className={`availability-chip availability-chip--${box.chip.kind} ${className}`} role="status">
      {box.chip.label}
    </p>
  );
}

/** "Sales end Wed, Dec 9, 6:00 PM" when online sales stop before the show starts. */
export function SalesEndNote({ box }: { box?: BoxOfficeView | null }) {
  if (!box?.salesEnd) return null;
  return <p className="sales-end">{box.salesEnd}</p>;
}
