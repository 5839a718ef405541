import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { venueFormInput, venueFormSchema } from "~/lib/forms/venue";
import { parseId } from "~/lib/ids";
import { formatLinks, formatSections } from "~/lib/venue-sections";
import { getVenue, updateVenue } from "~/models/venues.server";
import contentStyles from "~/styles/content.css";
import { requireStaff } from "~/utils/auth.server";
import { readForm, STAFF_FORM_LIMITS } from "~/utils/form-pipeline.server";
import { redirectWithFlash } from "~/utils/session.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Edit ${data.venue.name}` : "Venue" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const venue = getVenue(parseId(params.id));
  if (!venue) throw new Response("Not Found", { status: 404 });
  // The page's sections and links as staff edit them: one textarea each.
  const form = {
    ...venue,
    sections: formatSections(venue.sections),
    pageLinks: formatLinks(venue.pageLinks),
    aboutOrder: venue.aboutOrder == null ? "" : String(venue.aboutOrder),
  };
  return json({ venue, form });
}

/** POST the venue form: 400 with every message and nothing stored when a field is wrong. */
export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const input = venueFormInput(await readForm(request, { limits: STAFF_FORM_LIMITS }));
  const parsed = venueFormSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "name")] ??= issue.message;
    return json({ errors, values: input }, { status: 400 });
  }
  const saved = updateVenue(parseId(params.id), parsed.data, staff);
  if (!saved) throw new Response("Not Found", { status: 404 });
  return redirectWithFlash(request, "/admin/venues", {
    type: "success",
    message: `Venue "${saved.name}" saved`,
  });
}

const FIELDS: { name: string; label: string; long?: boolean; rows?: number; hint?: string }[] = [
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
];

export default function EditVenue() {
  const { venue, form } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors: Record<string, string> = result?.errors ?? {};
  const values: Record<string, unknown> = result?.values ?? form;
  const value = (name: string) => (values[name] == null ? "" : String(values[name]));
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
      {Object.keys(errors).length ? (
        <p role="alert" className="form-error">
          Please correct the highlighted fields.
        </p>
      ) : null}
      <Form method="post" className="stack" noValidate>
        {FIELDS.map((f) => (
          <p key={f.name} className="field">
            <label htmlFor={`venue-${f.name}`}>
              {f.label}
              {f.hint ? <span className="muted"> ({f.hint})</span> : null}
            </label>
            {f.long ? (
              <textarea
                id={`venue-${f.name}`}
                name={f.name}
                defaultValue={value(f.name)}
                rows={f.rows ?? 3}
                aria-invalid={errors[f.name] ? true : undefined}
                aria-describedby={errors[f.name] ? `venue-${f.name}-error` : undefined}
              />
            ) : (
              <input
                id={`venue-${f.name}`}
                name={f.name}
                defaultValue={value(f.name)}
                aria-invalid={errors[f.name] ? true : undefined}
                aria-describedby={errors[f.name] ? `venue-${f.name}-error` : undefined}
              />
            )}
            {errors[f.name] ? (
              <span id={`venue-${f.name}-error`} className="field-error">
                {errors[f.name]}
              </span>
            ) : null}
          </p>
        ))}
        <p className="field">
          <label>
            <input
              type="checkbox"
              name="isClub"
              defaultChecked={Boolean(values.isClub === true || values.isClub === "on")}
            />{" "}
            Club venue: its shows get the "Club Show" badge and are listed on /club-shows
          </label>
        </p>
        <p className="field">
          <label>
            <input
              type="checkbox"
              name="isWinery"
              defaultChecked={Boolean(values.isWinery === true || values.isWinery === "on")}
            />{" "}
            Winery: its shows get the "Winery Event" badge
          </label>
        </p>
        <button type="submit" className="button button--primary">
          Save venue
        </button>
      </Form>
    </section>
  );
}
