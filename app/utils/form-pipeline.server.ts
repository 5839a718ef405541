import { formatPaths, parse, type Submission, type SubmissionResult } from "@conform-to/dom";
import { unstable_coerceFormValue as coerceFormValue } from "@conform-to/zod/v4";
import { json, type TypedResponse } from "@remix-run/node";
import type { z } from "zod";
import {
  discardUpload,
  isMultipart,
  MAX_UPLOAD_REQUEST_BYTES,
  MultipartError,
  readBoundedMultipart,
  UPLOAD_PATHS,
  type UploadedFile,
  type UploadLimits,
} from "./multipart.server";
import { type LimitResult } from "./rate-limit.server";
import { isFormContentType, isHoneypotFilled } from "./request-guards.server";

/**
 * The form pipeline: how every POST's handler reads, checks and answers its form. A route's
 * action checks access and calls one handler in app/features/<area>/; the handler does this
 * (app/features/contact/contact.server.ts is the template):
 *
 *   const form = await handleForm(request, {
 *     schema: contactSchema,          // the form's ONE zod schema (app/lib/forms/...): the page gives
 *                                     // the same schema to Conform's useForm (getZodConstraint for
 *                                     // the browser's constraints, parseWithZod in onValidate)
 *     honeypot: () => thanks(),       // public forms: what a bot that filled the honeypot is told
 *                                     // (the success answer; nothing is stored)
 *     budget: () => spendPublicFormBudget("contact", ip), // optional: spent once the input is valid
 *     refuseIf: () => (open ? null : "Applications are closed."), // optional form-level refusal
 *     limits: STAFF_FORM_LIMITS,      // staff forms; public forms keep the default PUBLIC_FORM_LIMITS
 *     uploads: EVENT_FORM_UPLOAD,     // optional: a multipart body with these files is read too
 *   });
 *   if (!form.ok) return form.response;   // 400 / 413 / 415 / 429: Conform's reply (values + messages)
 *   try { saveContactMessage(form.value) } // the model's transaction
 *   catch { return form.error("Something went wrong.", { status: 500 }) } // same page, values kept
 *   return redirectWithFlash(request, "/contact", { type: "success", message }); // post/redirect/get
 *
 * Several forms on one page (one action): one schema, `z.discriminatedUnion("intent", [...])`,
 * and a switch on `form.value.intent`; each form carries `<input type="hidden" name="intent">`
 * or an `intent` submit button. A form of buttons only takes `z.object({})`.
 *
 * The page renders `useActionData()` as Conform's `lastResult`, so a post without JavaScript
 * shows the same errors next to the same fields with the values kept (FieldErrors, FormErrors
 * and Honeypot in app/components/form-parts.tsx).
 *
 * The steps, in order:
 *
 *   content type → bounded read (total size, field count, field length, counted WHILE the
 *   body streams in, before any parser; multipart only where `uploads` allows it) → a name
 *   sent twice refused (unless `repeatable`) → honeypot → zod through Conform
 *   (`parseSubmission`; `fieldErrors` is the one place a zod issue becomes a field's message,
 *   for these forms and the vote's own answers) → `refuseIf` → budget → the handler.
 *
 * Not here: the Origin check. Every write is checked once, for every route and the server's
 * fast paths alike, before anything reads its body: `bounds` in server/pipeline.ts, with the
 * rule `isSameSiteWrite` (app/utils/request-guards.server.ts).
 *
 * Why bounds before parsing: Conform merges a repeated field by copying its array on every
 * repetition (`prev.concat(next)`), so `a=&a=&...` costs O(n²): 8,000 fields took 1.4 s of
 * CPU and 80,000 (240 KB) tens of seconds, with the event loop blocked for everyone. With at
 * most `maxFields` fields, and no field twice, every parser downstream does bounded work.
 *
 * The server (server/pipeline.ts) applies SERVER_FORM_LIMITS to every urlencoded POST with the
 * same counter before Remix runs; the pipeline then applies the form's tighter limits.
 *
 * Every refusal has one shape (`refusal()`): status 400 / 413 / 415 / 429, `Cache-Control:
 * no-store`, `Retry-After` on 429, and the route's own body (Conform's reply here).
 */

export type FormLimits = {
  /** Total body size in bytes. */
  maxBytes: number;
  /** Number of non-empty `name=value` pairs. */
  maxFields: number;
  /** Bytes of one `name=value` pair (still percent-encoded). */
  maxFieldBytes: number;
};

/** The ceiling for every urlencoded POST on the site, applied by the server before Remix. */
export const SERVER_FORM_LIMITS: FormLimits = {
  maxBytes: 256 * 1024,
  maxFields: 600,
  maxFieldBytes: 128 * 1024,
};

/** A public form's bounds: a few short fields and one message. */
export const PUBLIC_FORM_LIMITS: FormLimits = {
  maxBytes: 48 * 1024,
  maxFields: 40,
  maxFieldBytes: 24 * 1024,
};

/** Staff forms (the event form carries a long description and up to 200 recurring dates). */
export const STAFF_FORM_LIMITS: FormLimits = {
  maxBytes: 192 * 1024,
  maxFields: 500,
  maxFieldBytes: 96 * 1024,
};

/** How long a client may take to send a form body before it is cut off (slow-body attacks). */
export const FORM_BODY_DEADLINE_MS = 15_000;

/**
 * Multipart bodies are refused (415) everywhere except the routes listed here, each with its
 * own total size bound. The upload route registers itself here and parses the body with its
 * own bounded parser (e.g. busboy with `limits`); the server checks Content-Length against
 * `maxBytes` first and counts the bytes as they arrive.
 */
export const MULTIPART_ROUTES: { pattern: RegExp; maxBytes: number }[] = UPLOAD_PATHS.map((pattern) => ({
  pattern,
  maxBytes: MAX_UPLOAD_REQUEST_BYTES,
}));

export function multipartAllowance(pathname: string): { maxBytes: number } | null {
  return MULTIPART_ROUTES.find((r) => r.pattern.test(pathname)) ?? null;
}

export type BoundViolation = { status: 413 | 400; message: string };

const TOO_LARGE: BoundViolation = {
  status: 413,
  message: "That form is too large. Please shorten it and send it again.",
};
const TOO_MANY: BoundViolation = {
  status: 400,
  message: "That form has too many fields. Please send it again from the page.",
};

/**
 * Counts a urlencoded body as its chunks arrive: bytes, `&`-separated pairs and the length
 * of the current pair. Constant work per byte (Buffer.indexOf), no strings built.
 */
export class UrlencodedCounter {
  private bytes = 0;
  private fields = 0;
  private pairBytes = 0;
  constructor(private readonly limits: FormLimits) {}

  /** Feeds a chunk; answers the first bound it breaks, or null. */
  push(chunk: Uint8Array): BoundViolation | null {
    this.bytes += chunk.byteLength;
    if (this.bytes > this.limits.maxBytes) return TOO_LARGE;
    const buf = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    for (;;) {
      const amp = buf.indexOf(0x26, start);
      const end = amp === -1 ? buf.length : amp;
      this.pairBytes += end - start;
      if (this.pairBytes > this.limits.maxFieldBytes) return TOO_LARGE;
      if (amp === -1) break;
      if (this.pairBytes > 0 && ++this.fields > this.limits.maxFields) return TOO_MANY;
      this.pairBytes = 0;
      start = amp + 1;
    }
    return null;
  }

  /** Call at the end of the body (counts the last pair). */
  end(): BoundViolation | null {
    if (this.pairBytes > 0 && ++this.fields > this.limits.maxFields) return TOO_MANY;
    return null;
  }
}

export class FormRefused extends Error {
  constructor(
    public readonly status: 400 | 403 | 408 | 411 | 413 | 415 | 429,
    message: string,
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "FormRefused";
  }
}

/** Reads a urlencoded body within `limits`, counting while it streams; throws FormRefused. */
export async function readBoundedUrlencoded(
  body: ReadableStream<Uint8Array> | null,
  limits: FormLimits,
): Promise<URLSearchParams> {
  const counter = new UrlencodedCounter(limits);
  const chunks: Uint8Array[] = [];
  if (body) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const broken = counter.push(value);
      if (broken) {
        await reader.cancel().catch(() => {});
        throw new FormRefused(broken.status, broken.message);
      }
      chunks.push(value);
    }
  }
  const broken = counter.end();
  if (broken) throw new FormRefused(broken.status, broken.message);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/** Names sent more than once (in a urlencoded body or a multipart one), except the ones a form repeats. */
export function repeatedNames(form: { keys(): Iterable<string> }, repeatable: readonly string[] = []) {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const name of form.keys()) {
    if (seen.has(name) && !repeatable.includes(name)) repeated.add(name);
    seen.add(name);
  }
  return [...repeated];
}

const SEND_AGAIN = "Please send the form again from the page.";

export type ReadFormOptions = {
  limits?: Partial<FormLimits>;
  /** Names the form legitimately sends several times (a list of checkboxes). */
  repeatable?: readonly string[];
  /** Accept a multipart body with these files (the route is also listed in UPLOAD_PATHS). */
  uploads?: UploadLimits;
};

/**
 * The read half of the pipeline: content type, bounded read, no name twice. Throws
 * FormRefused. `handleForm` answers it with Conform's reply; `readForm` with text.
 */
export async function readFormData(
  request: Request,
  options: ReadFormOptions = {},
): Promise<{ formData: FormData; files: UploadedFile[] }> {
  const contentType = request.headers.get("Content-Type");
  if (options.uploads && isMultipart(contentType)) {
    try {
      const { formData, files } = await readBoundedMultipart(request, options.uploads);
      if (repeatedNames(formData, options.repeatable).length) {
        for (const file of files) discardUpload(file);
        throw new FormRefused(400, SEND_AGAIN);
      }
      return { formData, files };
    } catch (error) {
      if (error instanceof MultipartError) throw new FormRefused(error.status, error.message);
      throw error;
    }
  }
  if (!isFormContentType(contentType)) {
    throw new FormRefused(415, "Please send this form from the page on this site.");
  }
  const limits = { ...PUBLIC_FORM_LIMITS, ...options.limits };
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > limits.maxBytes) throw new FormRefused(413, TOO_LARGE.message);
  const params = await readBoundedUrlencoded(request.body, limits);
  if (repeatedNames(params, options.repeatable).length) throw new FormRefused(400, SEND_AGAIN);
  return { formData: toFormData(params), files: [] };
}

/**
 * The read half for a body the server already read (and counted within SERVER_FORM_LIMITS):
 * the same limits (public by default) and refusals, without a fetch Request (the vote fast path).
 */
export function readFormBuffer(body: Buffer, options: ReadFormOptions = {}): FormData {
  const limits = { ...PUBLIC_FORM_LIMITS, ...options.limits };
  const counter = new UrlencodedCounter(limits);
  const broken = counter.push(body) ?? counter.end();
  if (broken) throw new FormRefused(broken.status, broken.message);
  const params = new URLSearchParams(body.toString("utf8"));
  if (repeatedNames(params, options.repeatable).length) throw new FormRefused(400, SEND_AGAIN);
  return toFormData(params);
}

function toFormData(params: URLSearchParams) {
  const form = new FormData();
  for (const [name, value] of params) form.append(name, value);
  return form;
}

/**
 * The read half alone, for code that is not a form with a schema (the vote's own answer
 * shapes): a refusal is thrown as the one-shape plain-text answer. Forms use `handleForm`.
 */
export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  try {
    return (await readFormData(request, options)).formData;
  } catch (error) {
    if (error instanceof FormRefused) throw refusal(error.status, error.message, error.retryAfterSeconds);
    throw error;
  }
}

/**
 * The one shape of a refused post: the status, `Cache-Control: no-store`, `Retry-After` when
 * the client is over a budget, and a body: the route's own (JSON) or the message as text.
 */
export function refusal(status: number, message: string, retryAfterSeconds?: number): Response;
export function refusal<T>(status: number, body: T, retryAfterSeconds?: number): TypedResponse<T>;
export function refusal(status: number, body: unknown, retryAfterSeconds?: number) {
  const headers = refusedHeaders(retryAfterSeconds);
  if (typeof body === "string") {
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(body, { status, headers });
  }
  return json(body, { status, headers });
}

/** The headers of every refusal: never stored, and when to try again (whole seconds, at least 1). */
export function refusedHeaders(retryAfterSeconds?: number): Headers {
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (retryAfterSeconds !== undefined)
    headers.set("Retry-After", String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return headers;
}

/** The one 429 answer to a post over its budget (forms, gates, login): the route's own reply, with Retry-After. */
export function overBudget<T>(reply: T, budget: { retryAfterSeconds: number }) {
  return refusal(429, reply, budget.retryAfterSeconds);
}

/** A budget step: spends one point and says whether the caller may go on (with the message to show if not). */
export type BudgetStep = () => Promise<
  (LimitResult & { message?: string }) | { ok: false; retryAfterSeconds: number; message: string }
>;

export type FormPipelineOptions<Schema extends z.ZodTypeAny> = ReadFormOptions & {
  schema: Schema;
  /**
   * Public forms: the answer to a bot that filled the honeypot, usually the success answer
   * (nothing stored). Staff forms render no honeypot and leave this out.
   */
  honeypot?: (formData: FormData) => Response | Promise<Response>;
  /** A form-level refusal decided before validation errors are shown (e.g. "applications closed"). */
  refuseIf?: () => string | null;
  /** The rate-limit budget, spent once the input is valid (a visitor fixing typos is never locked out). */
  budget?: BudgetStep;
};

/** What a reply adds to the values as sent: messages; `hideFields` are not sent back (a password). */
type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] };

/** Conform's reply: the values as sent and each field's messages (what `useForm` takes as `lastResult`). */
export type FormReply = SubmissionResult<string[]>;

export type FormPipelineResult<Value> =
  | {
      ok: true;
      value: Value;
      formData: FormData;
      /** The files of a multipart post (`uploads`); empty otherwise. */
      files: UploadedFile[];
      reply: (options?: ReplyOptions) => FormReply;
      /**
       * A refusal decided after validation (the model said no, storing failed): the same page
       * with the values kept and the message above the form (or next to `field`).
       */
      error: (
        message: string,
        options?: { status?: number; field?: string; retryAfterSeconds?: number; hideFields?: string[] },
      ) => TypedResponse<FormReply>;
    }
  | { ok: false; response: TypedResponse<FormReply> };

/**
 * The whole pipeline for a Conform + zod form. On refusal the answer is Conform's reply (the
 * page shows the errors and keeps the values) with the refusal's status.
 */
export async function handleForm<Schema extends z.ZodTypeAny>(
  request: Request,
  options: FormPipelineOptions<Schema>,
): Promise<FormPipelineResult<z.output<Schema>>> {
  let body: { formData: FormData; files: UploadedFile[] };
  try {
    body = await readFormData(request, options);
  } catch (error) {
    if (!(error instanceof FormRefused)) throw error;
    const reply: FormReply = { status: "error", error: { "": [error.message] } };
    return { ok: false, response: refusal(error.status, reply, error.retryAfterSeconds) };
  }
  const result = await checkForm(body, options);
  // A refused form's uploads (temporary files) go now; the handler deletes the ones it takes.
  if (!result.ok) for (const file of body.files) discardUpload(file);
  return result;
}

/**
 * The one place a zod issue becomes a field's message on the server: every message of each
 * field, in order, under the name Conform gives the field (`email`, `dates[0].date`; "" for
 * the form itself). Forms get it through `parseSubmission`; the vote post
 * (features/voting/vote-submission.server.ts) calls it for its JSON and HTML answers. It runs
 * only for a refused input.
 */
export function fieldErrors(error: z.core.$ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    // Object keys and array indexes only: our schemas have no symbol keys.
    const name = formatPaths(issue.path as (string | number)[]);
    (errors[name] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * A form's data through its schema, as Conform's submission (the values as sent, each field's
 * messages, `reply()` for the page). What Conform's `parseWithZod` does (the pages call that
 * one in `onValidate` for the browser's half: the same coercion, the same names and messages;
 * tests/unit/utils/form-pipeline.test.ts compares them), with the messages from `fieldErrors`.
 */
export function parseSubmission<Schema extends z.ZodTypeAny>(
  formData: FormData,
  schema: Schema,
): Submission<z.input<Schema>, string[], z.output<Schema>> {
  return parse(formData, {
    resolve(payload) {
      const result = coerceFormValue(schema).safeParse(payload);
      return result.success ? { value: result.data } : { error: fieldErrors(result.error) };
    },
  }) as Submission<z.input<Schema>, string[], z.output<Schema>>;
}

/** The steps after the read: honeypot, zod through Conform, `refuseIf`, budget. */
async function checkForm<Schema extends z.ZodTypeAny>(
  { formData, files }: { formData: FormData; files: UploadedFile[] },
  options: FormPipelineOptions<Schema>,
): Promise<FormPipelineResult<z.output<Schema>>> {
  // The honeypot's answer is a redirect: typed as the reply so `useActionData` stays exact.
  if (options.honeypot && isHoneypotFilled(formData))
    return { ok: false, response: (await options.honeypot(formData)) as TypedResponse<FormReply> };
  const submission = parseSubmission(formData, options.schema);
  const closed = options.refuseIf?.();
  if (closed) return { ok: false, response: refusal(400, submission.reply({ formErrors: [closed] })) };
  // No status: a Conform list button (add or remove a row) posted without JavaScript; the
  // page comes back with the row added or removed, nothing stored and nothing refused.
  if (submission.status === undefined) return { ok: false, response: refusal(200, submission.reply()) };
  if (submission.status !== "success") return { ok: false, response: refusal(400, submission.reply()) };
  if (options.budget) {
    const spent = await options.budget();
    if (!spent.ok) {
      const message =
        "message" in spent && spent.message ? spent.message : "Too many submissions. Please try again later.";
      return { ok: false, response: overBudget(submission.reply({ formErrors: [message] }), spent) };
    }
  }
  const reply = (o?: ReplyOptions) => submission.reply(o);
  return {
    ok: true,
    value: submission.value as z.output<Schema>,
    formData,
    files,
    reply,
    error: (message, o = {}) =>
      refusal(
        o.status ?? 400,
        reply({
          ...(o.field ? { fieldErrors: { [o.field]: [message] } } : { formErrors: [message] }),
          hideFields: o.hideFields,
        }),
        o.retryAfterSeconds,
      ),
  };
}
