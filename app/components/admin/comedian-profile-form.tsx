import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { ImageField } from "~/components/admin/image-field";
import { FieldErrors, FormErrors } from "~/components/form-parts";
import { comedianProfileFields, comedianProfileSchema } from "~/lib/comedian-form";
import { HEADSHOT_FOCUS } from "~/lib/headshots";

type Defaults = Partial<
  Record<"name" | "slug" | "bio" | "photoFocus" | "instagram" | "tiktok" | "youtube" | "website", string>
>;

/**
 * The staff comedian profile form: a real POST (multipart: the headshot goes through the image
 * pipeline as posters do), errors next to the fields with JavaScript on or off.
 */
export function ComedianProfileForm({
  mode,
  defaultValue,
  lastResult,
  headshotPreview = null,
}: {
  mode: "create" | "edit";
  defaultValue: Defaults;
  lastResult?: SubmissionResult<string[]> | null;
  /** The stored headshot's whole-image preview (Edit), for picking the focal point. */
  headshotPreview?: string | null;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "comedian-profile",
    lastResult,
    defaultValue,
    constraint: getZodConstraint(comedianProfileFields),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: comedianProfileSchema }),
  });
  const text = (key: keyof typeof fields, label: string, hint?: string, type: "text" | "url" = "text") => {
    const field = fields[key];
    return (
      <div className="field">
        <label htmlFor={field.id}>{label}</label>
        <input {...getInputProps(field, { type })} />
        {hint ? <span className="field__hint">{hint}</span> : null}
        <FieldErrors id={field.errorId} errors={field.errors} />
      </div>
    );
  };
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="event-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      {text("name", "Name")}
      {text("slug", "Page address", "comedians/… — leave empty to make it from the name")}
      <div className="field">
        <label htmlFor={fields.bio.id}>Short bio</label>
        <textarea {...getTextareaProps(fields.bio)} rows={4} />
        <FieldErrors id={fields.bio.errorId} errors={fields.bio.errors} />
      </div>
      <ImageField
        legend="Headshot"
        name="headshot"
        label="Upload a headshot"
        hint="JPEG, PNG, WebP, AVIF or HEIC, at most 15 MB. Shown as a square; a new one replaces the old."
        currentUrl={headshotPreview}
        currentAlt="Current headshot"
        focusField={fields.photoFocus}
        focusDefault={HEADSHOT_FOCUS}
        focusHint="Percent across and down, e.g. 50,30: the face (with JavaScript, click it). The square keeps this point."
        onFocusPick={(value) => form.update({ name: fields.photoFocus.name, value })}
      >
        {headshotPreview ? (
          <button
            type="submit"
            name="removePhoto"
            value="yes"
            className="button button--outline button--small"
            disabled={saving}
          >
            Remove photo
          </button>
        ) : null}
      </ImageField>
      <div className="event-form__row">
        {text("instagram", "Instagram", "@handle or link")}
        {text("tiktok", "TikTok", "@handle or link")}
      </div>
      <div className="event-form__row">
        {text("youtube", "YouTube", "@handle or link")}
        {text("website", "Website")}
      </div>
      <div className="event-form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? "Saving..." : mode === "create" ? "Create comedian" : "Save comedian"}
        </button>
      </div>
    </Form>
  );
}
