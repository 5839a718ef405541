import { useBusinessToday } from "~/components/business-zone";
import { formatCardDate, formatTime12 } from "~/lib/dates";
import type { Performance } from "~/lib/recurrence";

/** Where the page opens again after a date is chosen: the date and time facts. */
export const DATE_FACTS_ID = "date-and-time";

/**
 * The recurring date choice: a GET form (?date=YYYY-MM-DD) back to the date facts; "Show this
 * date" submits it, and with JavaScript choosing a date does (`data-autosubmit`, enhance.ts; the
 * button is then hidden). Options use the short date ("Tue, Nov 24 · 8:00 PM", the year only
 * outside this year) so the time stays visible in a phone-width select; the facts above it give
 * the long date.
 */
export function DatePicker({ choices, selected }: { choices: Performance[]; selected: string }) {
  const today = useBusinessToday();
  return (
    <form method="get" action={`#${DATE_FACTS_ID}`} className="date-picker">
      <div className="field">
        <label htmlFor="show-date">Choose a date</label>
        <select id="show-date" name="date" defaultValue={selected} key={selected} data-autosubmit="">
          {choices.map((p) => (
            <option key={p.date} value={p.date}>
              {formatCardDate(p.date, today)} · {formatTime12(p.time)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--outline" data-without-script="">
        Show this date
      </button>
    </form>
  );
}
