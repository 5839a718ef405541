import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { useBusinessZone } from "~/components/business-zone";
import { FieldErrors, FormErrors, Honeypot } from "~/components/form-parts";
import {
  APPLIED_PARAM,
  applicationsOpen,
  attendWindowText,
  closedText,
  thankYouLines,
} from "~/lib/contestant";
import { contestantApplicationSchema, FUN_BIO_MAX } from "~/lib/forms/contestant-application";
import type { Show } from "~/lib/shows";
import { newSubmissionToken } from "~/lib/submission-token";

/**
 * The contestant application on the page of a show that accepts applications
 * (anchor #contestant-application). The form posts to /event/{id}/apply, which stores
 * the application and comes back here with ?applied=1 (the thank-you panel).
 */
export function ContestantApplication({ show }: { show: Show }) {
  const [params] = useSearchParams();
  if (!show.acceptsApplications) return null;
  const applied = params.get(APPLIED_PARAM) === "1";
  return (
    <section id="contestant-application" className="application panel" aria-labelledby="application-title">
      {applied ? <ThankYou show={show} /> : <ApplicationBody show={show} />}
    </section>
  );
}

function ApplicationBody({ show }: { show: Show }) {
  const zone = useBusinessZone();
  return (
    <>
      <h2 id="application-title">Apply to be a contestant</h2>
      {applicationsOpen(show) ? (
        <ContestantApplicationForm show={show} />
      ) : (
        <p className="application__closed" role="status">
          {closedText(show, zone)}
        </p>
      )}
    </>
  );
}

function ThankYou({ show }: { show: Show }) {
  const zone = useBusinessZone();
  return (
    <div className="application__thanks form-success" role="status">
      <h2 id="application-title">Thanks for applying!</h2>
      {thankYouLines(show, zone).map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/**
 * The form itself, also rendered by /event/{id}/apply with the server's result
 * (errors next to their fields, values kept) when JavaScript is off.
 */
export function ContestantApplicationForm({
  show,
  lastResult,
  token,
  returnTo,
}: {
  show: Show;
  lastResult?: SubmissionResult<string[]> | null;
  token?: string;
  returnTo?: string;
}) {
  const action = `/event/${show.id}/apply`;
  const location = useLocation();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === action;
  // Generated once per rendered form; the server recognises a replay by it.
  const [submissionToken] = useState(() => token ?? newSubmissionToken());
  const [form, fields] = useForm({
    id: `contestant-application-${show.id}`,
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint: getZodConstraint(contestantApplicationSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contestantApplicationSchema }),
  });
  const initialBio = typeof fields.fun_bio.initialValue === "string" ? fields.fun_bio.initialValue : "";
  const counterId = `${fields.fun_bio.id}-counter`;
  const attendWindow = attendWindowText(show);

  return (
    <Form method="post" action={action} className="public-form application__form" {...getFormProps(form)}>
      <p className="application__intro">
        Want to play on stage? Tell us about yourself. All fields are required unless marked optional.
      </p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Honeypot />
      <input type="hidden" name="submissionToken" value={submissionToken} />
      {/* Back to the page the form is on (/event/{id} or /show/{slug}) for the thank-you. */}
      <input type="hidden" name="returnTo" value={returnTo ?? location.pathname} />

      <div className="field">
        <label htmlFor={fields.from_name.id}>Full name</label>
        <input {...getInputProps(fields.from_name, { type: "text" })} autoComplete="name" />
        <FieldErrors id={fields.from_name.errorId} errors={fields.from_name.errors} />
      </div>
      <div className="field">
        <label htmlFor={fields.from_email.id}>Email</label>
        <input {...getInputProps(fields.from_email, { type: "email" })} autoComplete="email" />
        <FieldErrors id={fields.from_email.errorId} errors={fields.from_email.errors} />
      </div>
      <div className="field">
        <label htmlFor={fields.mobile_number.id}>Mobile number</label>
        <input {...getInputProps(fields.mobile_number, { type: "tel" })} autoComplete="tel" />
        <FieldErrors id={fields.mobile_number.errorId} errors={fields.mobile_number.errors} />
      </div>
      <div className="field field--check">
        <input {...getInputProps(fields.is_over_19, { type: "checkbox" })} />
        <label htmlFor={fields.is_over_19.id}>I am {show.applicationMinimumAge} years of age or older</label>
        <FieldErrors id={fields.is_over_19.errorId} errors={fields.is_over_19.errors} />
      </div>

      <YesNo
        legend={`Can you attend ${attendWindow}?`}
        name={fields.can_attend.name}
        initial={fields.can_attend.initialValue}
        required
        errorId={fields.can_attend.errorId}
        errors={fields.can_attend.errors}
      />
      <YesNo
        legend="If you're not selected as a contestant, will you still attend the show? (optional)"
        name={fields.will_attend_if_not_selected.name}
        initial={fields.will_attend_if_not_selected.initialValue}
        errorId={fields.will_attend_if_not_selected.errorId}
        errors={fields.will_attend_if_not_selected.errors}
      />

      <div className="field">
        <label htmlFor={fields.fun_bio.id}>Fun bio (optional)</label>
        <textarea
          {...getTextareaProps(fields.fun_bio)}
          maxLength={FUN_BIO_MAX}
          rows={3}
          aria-describedby={`${counterId}${fields.fun_bio.errors ? ` ${fields.fun_bio.errorId}` : ""}`}
          // The live count is enhance.ts's, on the show pages (no runtime) and on /apply alike.
          data-counter={counterId}
        />
        <p className="counter" id={counterId} aria-live="polite" data-full={initialBio.length >= FUN_BIO_MAX}>
          {`${initialBio.length}/${FUN_BIO_MAX} characters`}
        </p>
        <FieldErrors id={fields.fun_bio.errorId} errors={fields.fun_bio.errors} />
      </div>

      <div className="field field--check">
        <input {...getInputProps(fields.accepts_terms, { type: "checkbox" })} />
        <label htmlFor={fields.accepts_terms.id}>
          I agree to the terms: I may be filmed or photographed on stage, and the producers' choice of
          contestants is final
        </label>
        <FieldErrors id={fields.accepts_terms.errorId} errors={fields.accepts_terms.errors} />
      </div>

      <button
        type="submit"
        className="button button--primary"
        disabled={submitting}
        data-pending="Submitting..."
      >
        {submitting ? "Submitting..." : "Submit Application"}
      </button>
    </Form>
  );
}

function YesNo({
  legend,
  name,
  initial,
  required,
  errorId,
  errors,
}: {
  legend: string;
  name: string;
  initial: unknown;
  required?: boolean;
  errorId: string;
  errors?: string[];
}) {
  return (
    <fieldset
      className="choice-group"
      aria-describedby={errors ? errorId : undefined}
      aria-invalid={errors ? true : undefined}
    >
      <legend>{legend}</legend>
      <div className="choice-group__options">
        {(["yes", "no"] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name={name}
              value={value}
              defaultChecked={initial === value}
              required={required}
            />
            {value === "yes" ? "Yes" : "No"}
          </label>
        ))}
      </div>
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}
