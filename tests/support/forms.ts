/**
 * Form posters for scripts and specs. Field names are never typed here: each form is the
 * app's own zod schema (or, for the login, the app's field-name constant), the values are
 * checked against it by the compiler, and `formFields` refuses at run time a name the
 * schema does not have. A renamed field breaks the build, not the measurement.
 */
import type { z } from "zod";
import { eventFormFields } from "~/lib/event-form";
import { contactSchema } from "~/lib/forms/contact";
import { contestantApplicationSchema } from "~/lib/forms/contestant-application";
import { gateSchema } from "~/lib/forms/gate";
import { HONEYPOT_FIELD_NAME } from "~/lib/forms/honeypot";
import { newsletterSchema } from "~/lib/forms/newsletter";
import { STAFF_LOGIN_FIELDS } from "~/lib/forms/staff-login";
import { waitlistSchema } from "~/lib/forms/waitlist";
import { voteSchema } from "~/lib/vote-schema";

/** The forms the kit posts, by the schema the route parses them with. */
export const FORMS = {
  vote: voteSchema,
  contact: contactSchema,
  application: contestantApplicationSchema,
  event: eventFormFields,
  resultsGate: gateSchema,
  bookingGate: gateSchema,
  newsletter: newsletterSchema,
  waitlist: waitlistSchema,
} as const;

type AnyObject = z.ZodObject<z.ZodRawShape>;
type Scalar = string | number | boolean | null | undefined;
/** A value per field of the schema (flat fields; booleans post as a ticked box). */
export type FormValues<S extends AnyObject> = { [K in keyof z.input<S>]?: Scalar };

/** The field names a schema declares, as the route reads them. */
export function fieldNames(schema: AnyObject): string[] {
  return Object.keys(schema.shape);
}

/** One field's name, checked against the schema by the compiler and at run time. */
export function field<S extends AnyObject>(schema: S, name: keyof z.input<S> & string): string {
  if (!fieldNames(schema).includes(name)) throw new Error(`"${name}" is not a field of this form`);
  return name;
}

/**
 * The posted fields of a form, as a plain record (Playwright's `form`, or URLSearchParams).
 * true posts "on" (a ticked checkbox), false/null/undefined posts nothing.
 */
export function formFields<S extends AnyObject>(schema: S, values: FormValues<S>): Record<string, string> {
  const known = new Set(fieldNames(schema));
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(values as Record<string, Scalar>)) {
    if (!known.has(name))
      throw new Error(`"${name}" is not a field of this form (its schema has ${[...known].join(", ")})`);
    if (value === undefined || value === null || value === false) continue;
    fields[name] = value === true ? "on" : String(value);
  }
  return fields;
}

/** The staff login form's fields. */
export function loginFields(username: string, password: string, redirectTo?: string): Record<string, string> {
  return {
    [STAFF_LOGIN_FIELDS.username]: username,
    [STAFF_LOGIN_FIELDS.password]: password,
    ...(redirectTo === undefined ? {} : { [STAFF_LOGIN_FIELDS.redirectTo]: redirectTo }),
  };
}

/** The public forms' honeypot, filled as a bot would. */
export const honeypot = (value: string) => ({ [HONEYPOT_FIELD_NAME]: value });

export type PostOptions = { cookie?: string; headers?: Record<string, string>; signal?: AbortSignal };

/**
 * POSTs `fields` to `base + path` as a browser without JavaScript would (urlencoded, same
 * Origin, redirects not followed). The caller reads or drains the answer.
 */
export function postForm(
  base: string,
  path: string,
  fields: Record<string, string>,
  options: PostOptions = {},
) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      Origin: base,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
    signal: options.signal,
  });
}
