import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { FieldErrors, FormErrors } from "~/components/form-parts";
import { comedianProfileFields, comedianProfileSchema } from "~/lib/comedian-form";

type Defaults = Partial<
  Record<"name" | "slug" | "bio" | "photoUrl" | "instagram" | "tiktok" | "youtube" | "website", string>
>;

/** The staff comedian profile form: a real POST, errors next to the fields with JavaScript on or off. */
export function ComedianProfileForm({
  mode,
  defaultValue,
  lastResult,
}: {
  mode: "create" | "edit";
  defaultValue: Defaults;
  lastResult?: SubmissionResult<string[]> | null;
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
    <Form method="post" {...getFormProps(form)} className="event-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      {text("name", "Name")}
      {text("slug", "Page address", "comedians/… — leave empty to make it from the name")}
      <div className="field">
        <label htmlFor={fields.bio.id}>Short bio</label>
        <textarea {...getTextareaProps(fields.bio)} rows={4} />
        <FieldErrors id={fields.bio.errorId} errors={fields.bio.errors} />
      </div>
      {text("photoUrl", "Photo URL", "https://… or a site path such as /images/comedians/x.jpg")}
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
