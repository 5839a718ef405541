import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { HouseRuleFields } from "~/components/admin/house-rule-fields";
import { ImageField } from "~/components/admin/image-field";
import { FieldErrors, FormErrors } from "~/components/form-parts";
import { eventFormFields, eventFormSchema, type EventFormDefaults } from "~/lib/event-form";
import { previewUrl, DEFAULT_FOCUS, type ShowImageRef } from "~/lib/image-variants";
import { LINEUP_ROLES, ROLE_LABELS } from "~/lib/lineup";
import { VENUE_CHOICE, venueChoiceDefaults, type VenueOption } from "~/lib/venue-choice";

type Props = {
  mode: "create" | "edit";
  defaultValue: EventFormDefaults;
  lastResult?: SubmissionResult<string[]> | null;
  collections: { id: number; title: string }[];
  /** The line-up picker's choices (comedians not deleted, by name). */
  comedians?: { id: number; name: string }[];
  /** The show's processed image (Edit), shown for picking the focal point. */
  image?: ShowImageRef | null;
  /** The venue picker's records (issue 42), by name. */
  venues?: VenueOption[];
};

/**
 * The staff event form (Add New Event and Edit). Works without JavaScript: "Add date" and
 * "Remove" are Conform intent buttons that post the form and come back with the values kept.
 */
export function EventForm({
  mode,
  defaultValue,
  lastResult,
  collections,
  comedians = [],
  image,
  venues = [],
}: Props) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") !== "load-url";
  const [form, fields] = useForm({
    id: "event-form",
    lastResult,
    // A loaded page or an empty form names its venue as text: the picker starts on its record.
    defaultValue: defaultValue.venueId
      ? defaultValue
      : { ...defaultValue, ...venueChoiceDefaults(defaultValue, venues) },
    constraint: getZodConstraint(eventFormFields),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: eventFormSchema }),
  });
  const dates = fields.dates.getFieldList();
  const lineup = fields.lineup.getFieldList();
  const app = fields;

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="event-form">
      <FormErrors id={form.errorId} errors={form.errors} />

      <Field label="Title" required field={app.title}>
        <input {...getInputProps(app.title, { type: "text" })} aria-required="true" />
      </Field>
      <Field label="Description" field={app.description}>
        <textarea {...getTextareaProps(app.description)} rows={6} />
      </Field>
      <div className="event-form__row">
        <Field label="Date" required field={app.date}>
          <input {...getInputProps(app.date, { type: "date" })} aria-required="true" />
        </Field>
        <Field label="Time" required field={app.time} hint="e.g. 7:30 PM or 19:30">
          <input
            {...getInputProps(app.time, { type: "text" })}
            aria-required="true"
            inputMode="text"
            placeholder="7:00 PM"
          />
        </Field>
        <Field label="End time" field={app.endTime}>
          <input {...getInputProps(app.endTime, { type: "text" })} placeholder="10:00 PM" />
        </Field>
      </div>
      <VenuePicker venueId={app.venueId} venue={app.venue} venueCity={app.venueCity} venues={venues} />
      <Field label="Ticket URL" required field={app.ticketUrl}>
        <input {...getInputProps(app.ticketUrl, { type: "url" })} aria-required="true" />
      </Field>
      <div className="event-form__row">
        <Field label="Image URL" field={app.imageUrl}>
          <input {...getInputProps(app.imageUrl, { type: "text" })} />
        </Field>
        <Field label="Price" field={app.price} hint="e.g. $25 or TBA">
          <input {...getInputProps(app.price, { type: "text" })} />
        </Field>
      </div>
      <ImageField
        legend="Poster"
        name="poster"
        label="Upload a poster"
        hint="JPEG, PNG, WebP, AVIF or HEIC, at most 15 MB. An uploaded poster replaces the image link."
        currentUrl={image ? previewUrl(image) : null}
        currentAlt="Current poster"
        focusField={app.imageFocus}
        focusDefault={image?.focus ?? DEFAULT_FOCUS}
        focusHint="Percent across and down, e.g. 50,30 (with JavaScript, click the image). Crops keep this point."
        onFocusPick={(value) => form.update({ name: app.imageFocus.name, value })}
      >
        {image?.fit === "whole" ? (
          <p className="field__hint" data-image-fit="whole">
            This poster is shown whole, on a blurred backdrop of itself: a 16:9 crop would cut off too much of
            it. The focal point is used only for a crop.
          </p>
        ) : null}
      </ImageField>

      <fieldset className="event-form__dates">
        <legend>Recurring dates</legend>
        <p className="muted" id="recurring-state">
          Recurring:{" "}
          <strong>
            {dates.length > 0 ? `On (${dates.length} ${dates.length === 1 ? "date" : "dates"})` : "Off"}
          </strong>
          {dates.length === 0 ? " — add a date to make this a recurring show." : null}
        </p>
        {dates.map((entry, index) => {
          const row = entry.getFieldset();
          const n = index + 1;
          return (
            <div key={entry.key} className="recurring-date" role="group" aria-label={`Recurring date ${n}`}>
              <FieldErrors id={entry.errorId} errors={entry.errors} />
              <Field label="Date" srSuffix={` of recurring date ${n}`} field={row.date}>
                <input {...getInputProps(row.date, { type: "date" })} />
              </Field>
              <Field label="Time" srSuffix={` of recurring date ${n}`} field={row.time}>
                <input {...getInputProps(row.time, { type: "text" })} placeholder="7:00 PM" />
              </Field>
              <Field label="Ticket URL" srSuffix={` of recurring date ${n}`} field={row.ticketUrl}>
                <input {...getInputProps(row.ticketUrl, { type: "url" })} />
              </Field>
              <Field label="Price (optional)" srSuffix={` of recurring date ${n}`} field={row.price}>
                <input {...getInputProps(row.price, { type: "text" })} />
              </Field>
              <button
                className="button button--outline button--small"
                {...form.remove.getButtonProps({ name: fields.dates.name, index })}
              >
                Remove date {n}
              </button>
            </div>
          );
        })}
        <button
          className="button button--dark button--small"
          {...form.insert.getButtonProps({ name: fields.dates.name })}
        >
          Add date
        </button>
      </fieldset>

      <fieldset className="event-form__dates event-form__lineup">
        <legend>Line-up</legend>
        <p className="muted">
          In running order.{" "}
          {comedians.length === 0 ? (
            <>
              Add comedians on <a href="/admin/comedians">the comedians page</a> first.
            </>
          ) : null}
        </p>
        <FieldErrors id={fields.lineup.errorId} errors={fields.lineup.errors} />
        {lineup.map((entry, index) => {
          const row = entry.getFieldset();
          const n = index + 1;
          return (
            <div
              key={entry.key}
              className="recurring-date lineup-row"
              role="group"
              aria-label={`Line-up spot ${n}`}
            >
              <Field label="Comedian" srSuffix={` in line-up spot ${n}`} field={row.comedianId}>
                <select {...getSelectProps(row.comedianId)}>
                  <option value="">Pick a comedian</option>
                  {comedians.map((c) => (
                    <option key={c.id} value={String(c.id)}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="Role" srSuffix={` in line-up spot ${n}`} field={row.role}>
                <select {...getSelectProps(row.role)}>
                  <option value="">Pick a role</option>
                  {LINEUP_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {ROLE_LABELS[r]}
                    </option>
                  ))}
                </select>
              </Field>
              <div className="lineup-row__actions">
                <button
                  className="button button--outline button--small"
                  disabled={index === 0}
                  {...form.reorder.getButtonProps({ name: fields.lineup.name, from: index, to: index - 1 })}
                >
                  Move up<span className="visually-hidden"> line-up spot {n}</span>
                </button>
                <button
                  className="button button--outline button--small"
                  disabled={index === lineup.length - 1}
                  {...form.reorder.getButtonProps({ name: fields.lineup.name, from: index, to: index + 1 })}
                >
                  Move down<span className="visually-hidden"> line-up spot {n}</span>
                </button>
                <button
                  className="button button--outline button--small"
                  {...form.remove.getButtonProps({ name: fields.lineup.name, index })}
                >
                  Remove<span className="visually-hidden"> line-up spot {n}</span>
                </button>
              </div>
            </div>
          );
        })}
        <button
          className="button button--dark button--small"
          {...form.insert.getButtonProps({
            name: fields.lineup.name,
            defaultValue: { comedianId: "", role: lineup.length === 0 ? "host" : "feature" },
          })}
        >
          Add comedian to line-up
        </button>
      </fieldset>

      <div className="event-form__row">
        <Field label="Collection" field={app.collectionId}>
          <select {...getSelectProps(app.collectionId)}>
            <option value="">None</option>
            {collections.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.title}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Entry form link" field={app.entryFormUrl}>
          <input {...getInputProps(app.entryFormUrl, { type: "url" })} />
        </Field>
      </div>

      <fieldset className="event-form__applications">
        <legend>Contestant applications</legend>
        <div className="checkbox">
          <input {...getInputProps(app.acceptsApplications, { type: "checkbox" })} />
          <label htmlFor={app.acceptsApplications.id}>Accepts contestant applications</label>
        </div>
        <div className="event-form__row">
          <Field label="Applications close on" field={app.applicationsCloseDate} hint="Toronto time">
            <input {...getInputProps(app.applicationsCloseDate, { type: "date" })} />
          </Field>
          <Field label="Applications close at" field={app.applicationsCloseTime}>
            <input {...getInputProps(app.applicationsCloseTime, { type: "text" })} placeholder="11:59 PM" />
          </Field>
          <Field label="Contestants notified on" field={app.contestantsNotifiedOn}>
            <input {...getInputProps(app.contestantsNotifiedOn, { type: "date" })} />
          </Field>
          <Field label="Minimum age" field={app.applicationMinimumAge}>
            <input {...getInputProps(app.applicationMinimumAge, { type: "number" })} min={0} max={120} />
          </Field>
        </div>
      </fieldset>

      <HouseRuleFields
        fields={app}
        fallback="Each rule left empty is the venue's (set on the venue's page in Venues)."
      />

      <div className="event-form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? "Saving..." : mode === "create" ? "Create Event" : "Update Event"}
        </button>
      </div>
    </Form>
  );
}

/**
 * The venue (issue 42): a native select of the venue records, TBA, Online and "New venue…". The
 * new venue's name and town are plain fields under it: without JavaScript they are always there
 * (used with "New venue…", or with no choice made); with JavaScript they show only for "New venue…".
 */
function VenuePicker({
  venueId,
  venue,
  venueCity,
  venues,
}: {
  venueId: FieldMetadata<string | undefined>;
  venue: FieldMetadata<string | undefined>;
  venueCity: FieldMetadata<string | undefined>;
  venues: VenueOption[];
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const hideNew = hydrated && venueId.value !== VENUE_CHOICE.new && !venue.errors?.length;
  return (
    <div className="venue-picker">
      <Field label="Venue" required field={venueId}>
        <select {...getSelectProps(venueId)} aria-required="true">
          <option value="">Choose a venue</option>
          {venues.map((v) => (
            <option key={v.id} value={String(v.id)}>
              {v.city ? `${v.name} (${v.city})` : v.name}
            </option>
          ))}
          <option value={VENUE_CHOICE.tba}>TBA</option>
          <option value={VENUE_CHOICE.online}>Online</option>
          <option value={VENUE_CHOICE.new}>New venue…</option>
        </select>
      </Field>
      <div className="event-form__row venue-picker__new" hidden={hideNew}>
        <Field
          label="New venue's name"
          field={venue}
          hint={hydrated ? undefined : "Only for a venue not in the list: choose “New venue…” above."}
        >
          <input {...getInputProps(venue, { type: "text" })} disabled={hideNew} />
        </Field>
        <Field label="New venue's town" field={venueCity} hint="e.g. Windsor">
          <input {...getInputProps(venueCity, { type: "text" })} disabled={hideNew} />
        </Field>
      </div>
    </div>
  );
}

function Field({
  label,
  field,
  required,
  hint,
  srSuffix,
  children,
}: {
  label: string;
  field: FieldMetadata<unknown>;
  required?: boolean;
  hint?: string;
  srSuffix?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <span className="field__label">
        <label htmlFor={field.id}>
          {label}
          {srSuffix ? <span className="visually-hidden">{srSuffix}</span> : null}
        </label>
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </span>
      {children}
      {hint ? <span className="field__hint">{hint}</span> : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The "Load details from URL" form: a separate POST (intent=load-url) that fills the event form. */
export function LoadFromUrlForm({ defaultUrl }: { defaultUrl?: string }) {
  const navigation = useNavigation();
  const loading = navigation.state === "submitting" && navigation.formData?.get("intent") === "load-url";
  return (
    <Form method="post" className="load-url panel">
      <div className="field">
        <label htmlFor="load-url">Load details from URL</label>
        <input
          id="load-url"
          name="sourceUrl"
          type="url"
          required
          defaultValue={defaultUrl}
          placeholder="https://www.eventbrite.ca/e/..."
        />
        <span className="field__hint">
          A ticketing-platform, table-booking or any event page: the form below is filled from it.
        </span>
      </div>
      <button
        type="submit"
        name="intent"
        value="load-url"
        className="button button--dark button--small"
        disabled={loading}
      >
        {loading ? "Loading..." : "Load details"}
      </button>
    </Form>
  );
}
