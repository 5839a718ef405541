/**
 * What an error report may carry (issue 38): never an e-mail address, a password, a cookie or a
 * form body. Applied to every event before it leaves the server or the browser (Sentry's
 * `beforeSend`, with `sendDefaultPii: false`): request bodies, cookies, query strings and user
 * data are dropped, headers kept only from a short list, and any e-mail address left in a message,
 * a stack frame's variables or a breadcrumb is replaced.
 */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const SECRET_KEY = /pass(word)?|secret|token|cookie|authorization|session|email|e-mail/i;
const KEPT_HEADERS = new Set(["user-agent", "accept", "accept-language", "content-type", "referer"]);

type Json = unknown;

function scrubValue(value: Json, depth: number): Json {
  if (typeof value === "string") return value.replace(EMAIL, "[email]");
  if (depth > 12 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  const out: Record<string, Json> = {};
  for (const [key, v] of Object.entries(value as Record<string, Json>)) {
    out[key] = SECRET_KEY.test(key) && typeof v !== "object" ? "[removed]" : scrubValue(v, depth + 1);
  }
  return out;
}

function withoutQuery(url: unknown) {
  if (typeof url !== "string") return url;
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

/** A scrubbed copy of an error event (the shape Sentry's SDKs hand to `beforeSend`). */
export function scrubErrorEvent<E extends Record<string, unknown>>(event: E): E {
  const copy: Record<string, unknown> = { ...event };
  delete copy.user;
  const request = copy.request as Record<string, unknown> | undefined;
  if (request) {
    const headers = (request.headers ?? {}) as Record<string, string>;
    copy.request = {
      method: request.method,
      url: withoutQuery(request.url),
      headers: Object.fromEntries(Object.entries(headers).filter(([k]) => KEPT_HEADERS.has(k.toLowerCase()))),
    };
  }
  const breadcrumbs = copy.breadcrumbs as Record<string, unknown>[] | undefined;
  if (Array.isArray(breadcrumbs)) {
    copy.breadcrumbs = breadcrumbs.map((b) => {
      const data = b.data as Record<string, unknown> | undefined;
      return {
        ...b,
        data: data
          ? { ...data, url: withoutQuery(data.url), to: withoutQuery(data.to), from: withoutQuery(data.from) }
          : data,
      };
    });
  }
  return scrubValue(copy, 0) as E;
}
