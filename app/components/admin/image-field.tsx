import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { FieldErrors } from "~/components/form-parts";
import { formatFocus, parseFocus, type Focus } from "~/lib/image-variants";

/** The formats the pipeline reads (app/lib/image-sniff.ts); at most 15 MB. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif";

/**
 * An image upload through the one image pipeline (the event form's poster, the comedian
 * form's headshot): a plain file input and the focal point as a number pair. With JavaScript
 * the chosen file is previewed and a click on the image sets the focal point.
 */
export function ImageField({
  legend,
  name,
  label,
  hint,
  currentUrl,
  currentAlt,
  focusField,
  focusDefault,
  focusHint,
  onFocusPick,
  children,
}: {
  legend: string;
  /** The file input's name (the form pipeline's `uploads.fileFields`). */
  name: string;
  label: string;
  hint: string;
  /** The stored image's preview (/img/…-preview.jpg), if any. */
  currentUrl: string | null;
  currentAlt: string;
  focusField: FieldMetadata<unknown>;
  /** The focal point a new image gets when staff pick none (a poster's centre, a face's place). */
  focusDefault: Focus;
  focusHint: string;
  onFocusPick: (value: string) => void;
  /** Notes and actions under the image (the whole-poster note, Remove photo). */
  children?: ReactNode;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const [focus, setFocus] = useState<Focus>(parseFocus(focusField.initialValue as string) ?? focusDefault);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = preview ?? currentUrl;
  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = (event.currentTarget.querySelector("img") ?? event.currentTarget).getBoundingClientRect();
    const next = {
      x: Math.round(Math.min(Math.max(((event.clientX - box.left) / box.width) * 100, 0), 100)),
      y: Math.round(Math.min(Math.max(((event.clientY - box.top) / box.height) * 100, 0), 100)),
    };
    setFocus(next);
    onFocusPick(formatFocus(next));
  };
  return (
    <fieldset className="event-form__poster">
      <legend>{legend}</legend>
      <div className="field">
        <span className="field__label">
          <label htmlFor={name}>{label}</label>
        </span>
        <input
          id={name}
          name={name}
          type="file"
          accept={IMAGE_ACCEPT}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setPreview(file ? URL.createObjectURL(file) : null);
          }}
        />
        <span className="field__hint">{hint}</span>
      </div>
      {shown ? (
        <button
          type="button"
          className="poster-focus"
          onClick={pick}
          aria-label="Set the focal point: click the face or main subject"
        >
          <img
            src={shown}
            alt={preview ? `Preview of the chosen ${legend.toLowerCase()}` : currentAlt}
            className="poster-focus__image"
            data-testid={`${name}-preview`}
          />
          <span
            className="poster-focus__marker"
            style={{ left: `${focus.x}%`, top: `${focus.y}%` }}
            aria-hidden="true"
          />
        </button>
      ) : null}
      {children}
      <div className="field">
        <span className="field__label">
          <label htmlFor={focusField.id}>Focal point</label>
        </span>
        <input
          {...getInputProps(focusField, { type: "text" })}
          inputMode="numeric"
          placeholder={formatFocus(focusDefault)}
        />
        <span className="field__hint">{focusHint}</span>
        <FieldErrors id={focusField.errorId} errors={focusField.errors} />
      </div>
    </fieldset>
  );
}
