import type { ReactNode } from "react";
import { HONEYPOT_FIELD_NAME } from "~/lib/forms/honeypot";

/** The errors of one field, referenced by the input's aria-describedby (`alert`: announced when shown). */
export function FieldErrors({ id, errors, alert }: { id: string; errors?: string[]; alert?: boolean }) {
  if (!errors?.length) return null;
  return (
    <p className="field__error" id={id} role={alert ? "alert" : undefined}>
      {errors.join(". ")}
    </p>
  );
}

/** A form-level message (storage failure, closed applications, rate limit). */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div className="form-error" id={id} role="alert">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

/** The honeypot: hidden from people and screen readers, filled in by bots. */
export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD_NAME} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export function Hint({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <p className="field__hint" id={id}>
      {children}
    </p>
  );
}
