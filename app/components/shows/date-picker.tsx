import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useBusinessToday } from "~/components/business-zone";
import { formatCardDate, formatTime12 } from "~/lib/dates";
import type { Performance } from "~/lib/recurrence";

/**
 * The recurring date choice: a GET form (?date=YYYY-MM-DD) that submits on change with JavaScript.
 * Options use the short date ("Tue, Nov 24 · 8:00 PM", the year only outside this year) so the
 * time stays visible in a phone-width select; the facts above it give the long date.
 */
export function DatePicker({ choices, selected }: { choices: Performance[]; selected: string }) {
  const submit = useSubmit();
  const today = useBusinessToday();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <Form method="get" className="date-picker" preventScrollReset replace>
      <div className="field">
        <label htmlFor="show-date">Choose a date</label>
        <select
          id="show-date"
          name="date"
          defaultValue={selected}
          key={selected}
          onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true, replace: true })}
        >
          {choices.map((p) => (
            <option key={p.date} value={p.date}>
              {formatCardDate(p.date, today)} · {formatTime12(p.time)}
            </option>
          ))}
        </select>
      </div>
      {hydrated ? null : (
        <button type="submit" className="button button--outline">
          Show this date
        </button>
      )}
    </Form>
  );
}
