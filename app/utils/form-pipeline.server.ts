import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type TypedResponse } from "@remix-run/node";
import type { z } from "zod";
import {
  MAX_UPLOAD_REQUEST_BYTES,
  MultipartError,
  readEventFormBody,
  UPLOAD_PATHS,
  type UploadedFile,
} from "./multipart.server";
import { type LimitResult } from "./rate-limit.server";
import { isFormContentType, isHoneypotFilled, requireSameOrigin } from "./request-guards.server";

/**
 * The one pipeline every form post goes through, in this order:
 *
 *   origin → content type → bounded read (total size, field count, field length, counted
 *   WHILE the body streams in, before any parser) → duplicated fields refused → honeypot →
 *   zod (Conform) parse → rate-limit budget → the route's own work.
 *
 * Why bounds before parsing: Conform merges a repeated field by copying its array on every
 * repetition (`prev.concat(next)`), so `a=&a=&...` costs O(n²): 8,000 fields took 1.4 s of
 * CPU and 80,000 (240 KB) tens of seconds, with the event loop blocked for everyone. With at
 * most `maxFields` fields, and no field twice, every parser downstream does bounded work.
 *
 * The server (server/pipeline.ts) applies SERVER_FORM_LIMITS to every urlencoded POST with the
 * same counter before Remix runs, so an action that still calls request.formData() is bounded
 * too; the pipeline then applies the route's tighter limits.
 *
 * Every refusal has one shape (`refusal()`): status 400 / 413 / 415 / 429, `Cache-Control:
 * no-store`, `Retry-After` on 429, and the route's own body (Conform's reply by default).
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

/** Names sent more than once, except the ones a form legitimately repeats. */
export function repeatedNames(params: URLSearchParams, repeatable: readonly string[] = []) {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const name of params.keys()) {
    if (seen.has(name) && !repeatable.includes(name)) repeated.add(name);
    seen.add(name);
  }
  return [...repeated];
}

export type ReadFormOptions = { limits?: Partial<FormLimits>; repeatable?: readonly string[] };

/**
 * Origin, content type, bounded read and duplicate refusal: the first half of the pipeline,
 * for actions that read a few fields by hand. Throws FormRefused (see `refusal`) — or, when
 * used bare in a route, the thrown Response from `readForm`.
 */
export async function readFormData(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  requireSameOrigin(request);
  if (!isFormContentType(request.headers.get("Content-Type"))) {
    throw new FormRefused(415, "Please send this form from the page on this site.");
  }
  const limits = { ...PUBLIC_FORM_LIMITS, ...options.limits };
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > limits.maxBytes) throw new FormRefused(413, TOO_LARGE.message);
  const params = await readBoundedUrlencoded(request.body, limits);
  if (repeatedNames(params, options.repeatable).length) {
    throw new FormRefused(400, "Please send the form again from the page.");
  }
  const form = new FormData();
  for (const [name, value] of params) form.append(name, value);
  return form;
}

/**
 * `readFormData` for a body the server already read (and counted within SERVER_FORM_LIMITS):
 * the same limits (public by default) and the same refusals, without a fetch Request. The
 * caller has checked the origin and the content type (the server's middleware does both).
 */
export function readFormBuffer(body: Buffer, options: ReadFormOptions = {}): FormData {
  const limits = { ...PUBLIC_FORM_LIMITS, ...options.limits };
  const counter = new UrlencodedCounter(limits);
  const broken = counter.push(body) ?? counter.end();
  if (broken) throw new FormRefused(broken.status, broken.message);
  const params = new URLSearchParams(body.toString("utf8"));
  if (repeatedNames(params, options.repeatable).length) {
    throw new FormRefused(400, "Please send the form again from the page.");
  }
  const form = new FormData();
  for (const [name, value] of params) form.append(name, value);
  return form;
}

/** `readFormData` for route code: a refusal becomes the one-shape plain-text answer. */
export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  try {
    return await readFormData(request, options);
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
  /** The answer to a bot that filled the honeypot: usually the success answer, nothing stored. */
  honeypot: (formData: FormData) => Response | Promise<Response>;
  /** A form-level refusal decided before validation errors are shown (e.g. "applications closed"). */
  refuseIf?: () => string | null;
  /** The rate-limit budget, spent once the input is valid (a visitor fixing typos is never locked out). */
  budget?: BudgetStep;
};

type Reply = SubmissionResult<string[]>;

export type FormPipelineResult<Value> =
  | { ok: true; value: Value; reply: (options?: { formErrors?: string[] }) => Reply; formData: FormData }
  | { ok: false; response: TypedResponse<Reply> };

/**
 * The whole pipeline for a Conform + zod form. On refusal the answer is Conform's reply (the
 * page shows the errors and keeps the values) with the refusal's status.
 */
export async function handleForm<Schema extends z.ZodTypeAny>(
  request: Request,
  options: FormPipelineOptions<Schema>,
): Promise<FormPipelineResult<z.output<Schema>>> {
  let formData: FormData;
  try {
    formData = await readFormData(request, options);
  } catch (error) {
    if (!(error instanceof FormRefused)) throw error;
    const reply: Reply = { status: "error", error: { "": [error.message] } };
    return { ok: false, response: refusal(error.status, reply, error.retryAfterSeconds) };
  }
  // The honeypot's answer is a redirect: typed as the reply so `useActionData` stays exact.
  if (isHoneypotFilled(formData))
    return { ok: false, response: (await options.honeypot(formData)) as TypedResponse<Reply> };
  const submission = parseWithZod(formData, { schema: options.schema });
  const closed = options.refuseIf?.();
  if (closed) return { ok: false, response: refusal(400, submission.reply({ formErrors: [closed] })) };
  if (submission.status !== "success") return { ok: false, response: refusal(400, submission.reply()) };
  if (options.budget) {
    const spent = await options.budget();
    if (!spent.ok) {
      const message =
        "message" in spent && spent.message ? spent.message : "Too many submissions. Please try again later.";
      return { ok: false, response: overBudget(submission.reply({ formErrors: [message] }), spent) };
    }
  }
  return {
    ok: true,
    value: submission.value as z.output<Schema>,
    reply: (o) => submission.reply(o),
    formData,
  };
}

/**
 * The event form (new and edit): urlencoded through `readForm` with the staff bounds, or
 * multipart when it carries a poster (its own bounds, multipart.server.ts). A refused
 * upload is answered as a form error on the same page.
 */
export async function readEventForm(
  request: Request,
): Promise<
  | { ok: true; formData: FormData; poster: UploadedFile | null }
  | { ok: false; refused: TypedResponse<{ result: { status: "error"; error: Record<string, string[]> } }> }
> {
  try {
    return {
      ok: true,
      ...(await readEventFormBody(request, (r) => readForm(r, { limits: STAFF_FORM_LIMITS }))),
    };
  } catch (error) {
    if (error instanceof MultipartError) {
      return {
        ok: false,
        refused: json(
          { result: { status: "error" as const, error: { "": [error.message] } } },
          { status: error.status },
        ),
      };
    }
    throw error;
  }
}
