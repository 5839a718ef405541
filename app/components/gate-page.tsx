import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { Eye, EyeOff } from "lucide-react";
import { useEffect, useState } from "react";
import type { z } from "zod";

type GateSchema = z.ZodObject<{ password: z.ZodString }>;

/**
 * The one shared-password gate page (/booking and /results, one server rule in
 * utils/gate.server.ts): a centred panel with the page's heading and line, the password field
 * with its show/hide toggle, the error under the field, and one full-width button. A real
 * POST (intent "login") without JavaScript; with it, conform checks the field first.
 */
export function GatePage({
  title,
  intro,
  button,
  schema,
  lastResult,
}: {
  title: string;
  intro: string;
  button: string;
  schema: GateSchema;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const navigation = useNavigation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [visible, setVisible] = useState(false);
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(schema),
    // Validating on blur would drop the wrong-password message as the visitor moves to the
    // button, shifting the layout under their pointer: errors change on submit only.
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "login";
  // One place for every message: under the field (a wrong password, a missing one, too many tries).
  const errors = [...(form.errors ?? []), ...(fields.password.errors ?? [])];
  return (
    <section className="section container gate-page">
      <div className="panel gate">
        <h1 className="gate__title">{title}</h1>
        <p className="gate__intro muted">{intro}</p>
        <Form method="post" {...getFormProps(form)} className="gate__form">
          <input type="hidden" name="intent" value="login" />
          <div className="field">
            <label htmlFor={fields.password.id}>Password</label>
            <div className="gate__password">
              <input
                {...getInputProps(fields.password, { type: "password" })}
                type={visible ? "text" : "password"}
                autoComplete="current-password"
                aria-invalid={errors.length ? true : undefined}
                aria-describedby={errors.length ? fields.password.errorId : undefined}
              />
              {hydrated ? (
                <button
                  type="button"
                  className="gate__toggle"
                  aria-pressed={visible}
                  aria-controls={fields.password.id}
                  onClick={() => setVisible((v) => !v)}
                >
                  {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
                  {visible ? "Hide password" : "Show password"}
                </button>
              ) : null}
            </div>
            {errors.length ? (
              <p className="field__error gate__error" id={fields.password.errorId} role="alert">
                {errors.join(" ")}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button button--primary gate__submit" disabled={busy}>
            {busy ? "Checking..." : button}
          </button>
        </Form>
      </div>
    </section>
  );
}
