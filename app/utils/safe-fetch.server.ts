import dns from "node:dns/promises";
import net from "node:net";
import { getEnv } from "./env.server";

export class OutboundFetchError extends Error {
  constructor(
    message: string,
    public readonly kind: "refused" | "timeout" | "too-large" | "network" | "http",
    public readonly status?: number,
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "OutboundFetchError";
  }
}

export type SafeFetchOptions = {
  headers?: Record<string, string>;
  timeoutMs?: number;
  maxBytes?: number;
  /** Allow loopback/private targets (tests' fakes); defaults to ALLOW_PRIVATE_FETCH. */
  allowPrivate?: boolean;
};

/**
 * Fetches an outside URL for the server (sync, sheet, load-from-URL): http(s) only, no
 * loopback or private addresses unless configured, a timeout and a size limit.
 * Answers the body text; non-2xx answers raise an OutboundFetchError with the status.
 */
export async function safeFetchText(rawUrl: string, options: SafeFetchOptions = {}) {
  const url = await assertPublicHttpUrl(rawUrl, options.allowPrivate ?? getEnv().ALLOW_PRIVATE_FETCH);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: options.headers,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
      throw new OutboundFetchError(`No answer within ${Math.round(timeoutMs / 1000)} seconds`, "timeout");
    }
    throw new OutboundFetchError(`Could not connect (${(error as Error).message})`, "network");
  }
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get("location");
    if (!location) throw new OutboundFetchError(`Redirect without a location (${response.status})`, "http", response.status);
    // Follow one hop at a time so every hop is checked against the address rules.
    return safeFetchText(new URL(location, url).href, options);
  }
  const text = await readLimited(response, maxBytes);
  if (!response.ok) {
    const retryAfter = Number(response.headers.get("retry-after"));
    throw new OutboundFetchError(
      `The server answered ${response.status}`,
      "http",
      response.status,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return { text, status: response.status, headers: response.headers, url: url.href };
}

async function readLimited(response: Response, maxBytes: number) {
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw new OutboundFetchError(`The answer is larger than ${maxBytes} bytes`, "too-large");
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new OutboundFetchError(`The answer is larger than ${maxBytes} bytes`, "too-large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Parses and checks a URL: http(s) only; refuses private, loopback and link-local targets. */
export async function assertPublicHttpUrl(rawUrl: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new OutboundFetchError("That is not a valid URL", "refused");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OutboundFetchError("Only http and https URLs can be fetched", "refused");
  }
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) throw new OutboundFetchError(`Could not resolve ${host}`, "network");
  if (addresses.some(isPrivateAddress)) {
    throw new OutboundFetchError("Private, loopback and link-local addresses cannot be fetched", "refused");
  }
  return url;
}

export function isPrivateAddress(address: string): boolean {
  if (net.isIPv4(address)) {
    const [a, b] = address.split(".").map(Number);
    return (
      a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224
    );
  }
  const v6 = address.toLowerCase();
  if (v6 === "::" || v6 === "::1") return true;
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) addresses carry an IPv4 target:
  // judge that one. URL parsing writes them in hex (http://[::ffff:127.0.0.1] → ::ffff:7f00:1).
  const embedded = /^(?:::ffff:|64:ff9b::)(.+)$/.exec(v6)?.[1];
  if (embedded) return isPrivateAddress(net.isIPv4(embedded) ? embedded : hexToIPv4(embedded) ?? "0.0.0.0");
  return v6.startsWith("fc") || v6.startsWith("fd") || v6.startsWith("fe80") || v6.startsWith("ff");
}

/** "7f00:1" → "127.0.0.1" (the last 32 bits of an IPv4-mapped address in hex). */
function hexToIPv4(hex: string): string | null {
  const m = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(hex);
  if (!m) return null;
  const hi = parseInt(m[1], 16);
  const lo = parseInt(m[2], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/**
 * The same rules as safeFetchText (address checks on every hop, timeout, size limit) for a
 * binary answer, e.g. a show image: answers the bytes and the declared content type.
 */
export async function safeFetchBytes(
  rawUrl: string,
  options: SafeFetchOptions = {},
  hops = 0,
): Promise<{ bytes: Buffer; contentType: string | null; url: string }> {
  if (hops > 5) throw new OutboundFetchError("Too many redirects", "http");
  const url = await assertPublicHttpUrl(rawUrl, options.allowPrivate ?? getEnv().ALLOW_PRIVATE_FETCH);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { headers: options.headers, redirect: "manual", signal });
  } catch (error) {
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
      throw new OutboundFetchError(`No answer within ${Math.round(timeoutMs / 1000)} seconds`, "timeout");
    }
    throw new OutboundFetchError(`Could not connect (${(error as Error).message})`, "network");
  }
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get("location");
    await response.body?.cancel();
    if (!location) throw new OutboundFetchError(`Redirect without a location (${response.status})`, "http", response.status);
    return safeFetchBytes(new URL(location, url).href, options, hops + 1);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new OutboundFetchError(`The server answered ${response.status}`, "http", response.status);
  }
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new OutboundFetchError(`The answer is larger than ${maxBytes} bytes`, "too-large");
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > maxBytes) {
          await reader.cancel();
          throw new OutboundFetchError(`The answer is larger than ${maxBytes} bytes`, "too-large");
        }
        chunks.push(value);
      }
    }
  } catch (error) {
    if (error instanceof OutboundFetchError) throw error;
    throw new OutboundFetchError(`No complete answer within ${Math.round(timeoutMs / 1000)} seconds`, "timeout");
  }
  return { bytes: Buffer.concat(chunks), contentType: response.headers.get("content-type"), url: url.href };
}
