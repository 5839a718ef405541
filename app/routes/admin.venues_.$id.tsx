import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { HouseRuleFields } from "~/components/admin/house-rule-fields";
import { FieldErrors } from "~/components/form-parts";
import { handleVenueForm } from "~/features/venues/venue-form.server";
import { todayIn } from "~/lib/dates";
import { houseRulesToFields } from "~/lib/forms/house-rules";
import { venueFormFields, venueFormSchema, type VenueFormValues } from "~/lib/forms/venue";
import { parseId } from "~/lib/ids";
import { weekOf } from "~/lib/partner-report";
import { formatLinks, formatSections } from "~/lib/venue-sections";
import { sentReports } from "~/models/partner-reports.server";
import { getVenue } from "~/models/venues.server";
import contentStyles from "~/styles/content.css";
import { requireStaff } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";
import { partnerReportLink } from "~/utils/partner-link.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Edit ${data.venue.name}` : "Venue" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const venue = getVenue(parseId(params.id));
  if (!venue) throw new Response("Not Found", { status: 404 });
  // The form's starting values as text: the page's sections and links one textarea each, the
  // flags as a ticked checkbox sends them.
  const text = (v: string | number | null) => (v == null ? "" : String(v));
  const defaults: Record<string, string> = {};
  for (const f of FIELDS)
    defaults[f.name] = text(venue[f.name as keyof typeof venue] as string | number | null);
  defaults.sections = formatSections(venue.sections);
  defaults.pageLinks = formatLinks(venue.pageLinks);
  if (venue.isClub) defaults.isClub = "on";
  if (venue.isWinery) defaults.isWinery = "on";
  Object.assign(defaults, houseRulesToFields(venue.houseRules));
  // Issue 41: this week's partner report as its recipients see it, and the weeks it went out.
  const zone = getEnv().APP_TIMEZONE;
  const report = {
    preview: partnerReportLink(venue.id, weekOf(todayIn(zone)), publicOrigin(request), zone).url,
    sent: sentReports(venue.id).map((r) => ({ week: r.week, recipients: r.recipients })),
  };
  return json({ venue, defaults, report });
}

/** POST the venue form: 400 with every message and nothing stored when a field is wrong. */
export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  return handleVenueForm(request, staff, parseId(params.id));
}

const FIELDS: {
  name: Exclude<keyof VenueFormValues, "isClub" | "isWinery">;
  label: string;
  long?: boolean;
  rows?: number;
  hint?: string;
}[] = [
  { name: "name", label: "Name" },
  { name: "address1", label: "Street address" },
  { name: "address2", label: "Address line 2" },
  { name: "city", label: "City" },
  { name: "region", label: "Province or state", hint: "e.g. ON" },
  { name: "postalCode", label: "Postal code" },
  { name: "country", label: "Country", hint: "two letters, e.g. CA" },
  { name: "latitude", label: "Latitude" },
  { name: "longitude", label: "Longitude" },
  { name: "phone", label: "Phone" },
  { name: "website", label: "Website" },
  { name: "accessibilityNotes", label: "Accessibility notes", long: true },
  { name: "agePolicy", label: "Age policy" },
  { name: "doorsNotes", label: "Doors open", long: true },
  { name: "parkingNotes", label: "Parking", long: true },
  { name: "pageTitle", label: "Page title", hint: "the browser tab and search result title" },
  { name: "pageDescription", label: "Page description", long: true, hint: "the search result snippet" },
  { name: "intro", label: "Intro", long: true },
  { name: "cardText", label: "Card line on /about" },
  {
    name: "aboutOrder",
    label: "Position on /about",
    hint: "1, 2, 3 … or empty to leave the venue off that page",
  },
  {
    name: "sections",
    label: "Page sections",
    long: true,
    rows: 12,
    hint: "## Heading, then paragraphs; - for list items",
  },
  { name: "pageLinks", label: "Page buttons", long: true, hint: "one a line: Label | /path" },
  {
    name: "reportRecipients",
    label: "Partner report recipients",
    long: true,
    hint: "one e-mail a line: the venue's weekly report of sales, waitlist and check-ins",
  },
];

export default function EditVenue() {
  const { venue, defaults, report } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: `venue-${venue.id}`,
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(venueFormFields),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: venueFormSchema }),
  });
  const invalid = Object.values(form.allErrors).some((e) => e.length > 0);
  return (
    <section className="section container">
      <p>
        <Link to="/admin/venues">← Venues</Link>
      </p>
      <h1>Edit {venue.name}</h1>
      {venue.externalId ? (
        <p className="muted">
          From Eventbrite (venue {venue.externalId}): the sync refreshes the name and address the platform
          gives.
        </p>
      ) : null}
      {invalid ? (
        <p role="alert" className="form-error">
          Please correct the highlighted fields.
        </p>
      ) : null}
      <Form method="post" className="stack" {...getFormProps(form)}>
        {FIELDS.map((f) => {
          const field = fields[f.name as keyof typeof fields];
          return (
            <div key={f.name} className="field">
              <label htmlFor={field.id}>
                {f.label}
                {f.hint ? <span className="muted"> ({f.hint})</span> : null}
              </label>
              {f.long ? (
                <textarea {...getTextareaProps(field)} rows={f.rows ?? 3} />
              ) : (
                <input {...getInputProps(field, { type: "text" })} />
              )}
              <FieldErrors id={field.errorId} errors={field.errors} />
            </div>
          );
        })}
        <p className="field">
          <label className="checkbox">
            <input {...getInputProps(fields.isClub, { type: "checkbox" })} />
            <span>
              Club venue: its shows get the &quot;Club Show&quot; badge and are listed on /club-shows
            </span>
          </label>
        </p>
        <p className="field">
          <label className="checkbox">
            <input {...getInputProps(fields.isWinery, { type: "checkbox" })} />
            <span>Winery: its shows get the &quot;Winery Event&quot; badge</span>
          </label>
        </p>
        <HouseRuleFields
          fields={fields}
          fallback="What this venue's shows say unless a show sets its own (shown above the ticket button)."
        />
        <button type="submit" className="button button--primary">
          Save venue
        </button>
      </Form>
      <section className="panel partner-report__panel" aria-labelledby="report-title">
        <h2 id="report-title">Partner report</h2>
        <p>
          Every Monday from 9 AM the recipients above get this venue&apos;s report (tickets sold and capacity,
          waitlist, check-ins) with a read-only link that expires after two weeks.{" "}
          <a href={report.preview}>This week&apos;s report</a>
        </p>
        {report.sent.length ? (
          <ul aria-label="Reports sent">
            {report.sent.map((r) => (
              <li key={r.week}>
                Week of {r.week}: {r.recipients} recipient{r.recipients === 1 ? "" : "s"}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No report sent yet.</p>
        )}
      </section>
    </section>
  );
}
