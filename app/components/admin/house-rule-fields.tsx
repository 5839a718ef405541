import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "~/components/form-parts";
import { HOUSE_RULE_FIELD_LABELS } from "~/lib/forms/house-rules";

type RuleName = (typeof HOUSE_RULE_FIELD_LABELS)[number]["name"];

/**
 * The six house-rule fields (issue 42), the same in the event form and the venue form: a
 * show's empty rule falls back to its venue's (`fallback` says so in the legend).
 */
export function HouseRuleFields({
  fields,
  fallback,
}: {
  /** The form's fields (its schema spreads `houseRuleFields`, so these six are among them). */
  fields: { [name: string]: FieldMetadata<unknown> };
  fallback: string;
}) {
  return (
    <fieldset className="house-rule-fields">
      <legend>House rules</legend>
      <p className="field__hint">{fallback}</p>
      <div className="event-form__row">
        {HOUSE_RULE_FIELD_LABELS.map(({ name, label, hint }) => {
          const field = fields[name satisfies RuleName];
          return (
            <div key={name} className="field">
              <label htmlFor={field.id}>
                {label}
                {hint ? <span className="muted"> ({hint})</span> : null}
              </label>
              {name === "ruleContent" ? (
                <select {...getSelectProps(field)}>
                  <option value="">Not said</option>
                  <option value="clean">Clean (family-friendly)</option>
                  <option value="adult">Adult (strong language)</option>
                </select>
              ) : name === "ruleMinAge" || name === "ruleRunningMinutes" ? (
                <input {...getInputProps(field, { type: "number" })} min={0} />
              ) : (
                <input {...getInputProps(field, { type: "text" })} />
              )}
              <FieldErrors id={field.errorId} errors={field.errors} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
