import { Form } from "@remix-run/react";
import { FieldErrors, FormErrors, Honeypot } from "~/components/form-parts";
import { CONSENT_WORDING, CURRENT_CONSENT } from "~/lib/consent";
import { formatLongDate } from "~/lib/dates";
import { waitlistPromise } from "~/lib/waitlist";

/**
 * "Tell me when tickets free up": a plain POST form (works without JavaScript) to
 * /event/:id/waitlist, shown on a sold-out show or a sold-out date of a recurring show.
 */
export function WaitlistForm({
  eventId,
  date,
  errors,
  email,
}: {
  eventId: number;
  date: string;
  errors?: { form?: string[]; email?: string[] };
  email?: string;
}) {
  const errorId = `waitlist-${date}-error`;
  return (
    <Form
      method="post"
      id={`waitlist-${date}`}
      action={`/event/${eventId}/waitlist?date=${date}`}
      className="panel public-form waitlist-form"
      aria-labelledby={`waitlist-${date}-title`}
    >
      <h2 id={`waitlist-${date}-title`}>Tell me when tickets free up</h2>
      <p className="field__hint">
        Sold out for {formatLongDate(date)}. {waitlistPromise(date)}
      </p>
      <FormErrors id={`${errorId}-form`} errors={errors?.form} />
      <Honeypot />
      <input type="hidden" name="date" value={date} />
      <input type="hidden" name="consent" value={CURRENT_CONSENT.waitlist} />
      <div className="field">
        <label htmlFor={`waitlist-${date}-email`}>Email</label>
        <input
          id={`waitlist-${date}-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={email}
          aria-invalid={errors?.email?.length ? true : undefined}
          aria-describedby={errors?.email?.length ? errorId : undefined}
        />
        <FieldErrors id={errorId} errors={errors?.email} />
      </div>
      <p className="field__hint">
        {CONSENT_WORDING[CURRENT_CONSENT.waitlist]} We'll e-mail you a link to confirm first.
      </p>
      <button type="submit" className="button button--primary">
        Tell me
      </button>
    </Form>
  );
}
