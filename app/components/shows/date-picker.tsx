import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { formatLongDate, formatTime12 } from "~/lib/dates";
import type { Performance } from "~/lib/recurrence";

/** The recurring date choice: a GET form (?date=YYYY-MM-DD) that submits on change with JavaScript. */
export function DatePicker({ choices, selected }: { choices: Performance[]; selected: string }) {
  const submit = useSubmit();
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
              {formatLongDate(p.date)} · {formatTime12(p.time)}
            </option>
          ))}
        </select>
      </div>
      {hydrated ? null : (
        <button type="submit" className="button button--outline">Show this date</button>
      )}
    </Form>
  );
}
