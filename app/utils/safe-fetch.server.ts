import dns from "node:dns/promises";
import net from "node:net";
import ipaddr from "ipaddr.js";
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
  /** Allow loopback/private targets for a typed URL (tests' fakes); defaults to ALLOW_PRIVATE_FETCH. */
  allowPrivate?: boolean;
  /**
   * The URL comes from the operator's configuration (EVENTBRITE_API_URL, BOOKING_SHEET_URL):
   * it may be on any address, and so may redirects that stay on its origin. A redirect to
   * another origin is checked like a typed URL.
   */
  trusted?: boolean;
};

/** Redirects followed at most (each hop checked); the sixth is an error. */
export const MAX_REDIRECTS = 5;

/**
 * Fetches an outside URL for the server (sync, sheet, load-from-URL): http(s) only, only
 * public unicast addresses for URLs staff type (configured endpoints are trusted), at most
 * MAX_REDIRECTS redirects, a timeout and a size limit.
 * Answers the body text; non-2xx answers raise an OutboundFetchError with the status.
 */
export async function safeFetchText(rawUrl: string, options: SafeFetchOptions = {}) {
  const allowPrivate = options.allowPrivate ?? getEnv().ALLOW_PRIVATE_FETCH;
  const trustedOrigin = options.trusted ? originOf(rawUrl) : null;
  let current = rawUrl;
  for (let hop = 0; ; hop++) {
    const trusted = trustedOrigin !== null && originOf(current) === trustedOrigin;
    const url = await assertPublicHttpUrl(current, allowPrivate || trusted);
    const response = await fetchOnce(url, options);
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => {});
      const location = response.headers.get("location");
      if (!location)
        throw new OutboundFetchError(
          `Redirect without a location (${response.status})`,
          "http",
          response.status,
        );
      if (hop >= MAX_REDIRECTS)
        throw new OutboundFetchError(`More than ${MAX_REDIRECTS} redirects`, "http", response.status);
      // Followed one hop at a time so every hop is checked against the address rules.
      current = new URL(location, url).href;
      continue;
    }
    const text = await readLimited(response, options.maxBytes ?? 2 * 1024 * 1024);
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
}

function originOf(raw: string) {
  try {
    return new URL(raw).origin;
  } catch {
    return null;
  }
}

async function fetchOnce(url: URL, options: SafeFetchOptions) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  try {
    return await fetch(url, {
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
}

async function readLimited(response: Response, maxBytes: number) {
  return (await readLimitedBytes(response, maxBytes)).toString("utf8");
}

/** The one bounded body reader (text and bytes): refuses a declared or actual body over maxBytes. */
async function readLimitedBytes(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new OutboundFetchError(`The answer is larger than ${maxBytes} bytes`, "too-large");
  }
  if (!response.body) return Buffer.alloc(0);
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
  return Buffer.concat(chunks);
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
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // Test runs: nothing may leave the machine, not even a DNS query for a fixture's image host.
  if (getEnv().OUTBOUND_LOOPBACK_ONLY && !isLoopbackHost(host)) {
    throw new OutboundFetchError(
      `Outbound fetches are limited to this machine (OUTBOUND_LOOPBACK_ONLY): ${host}`,
      "refused",
    );
  }
  if (allowPrivate) return url;
  const addresses = net.isIP(host)
    ? [host]
    : (await dns.lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) throw new OutboundFetchError(`Could not resolve ${host}`, "network");
  if (addresses.some(isPrivateAddress)) {
    throw new OutboundFetchError(
      "Only public addresses can be fetched (not private, loopback, reserved or special-purpose ones)",
      "refused",
    );
  }
  return url;
}

function isLoopbackHost(host: string): boolean {
  if (host === "localhost") return true;
  return net.isIP(host) !== 0 && ipaddr.process(host).range() === "loopback";
}

/**
 * True for every address that is not public unicast, judged by ipaddr.js's range tables:
 * loopback, private, link-local, CGNAT, documentation and benchmarking ("reserved"),
 * multicast, broadcast, unspecified, unique-local, discard, 6to4/Teredo/NAT64 (which carry
 * another address)... An IPv4-mapped IPv6 address is judged as its IPv4 address.
 * Anything unparseable is refused too.
 */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() !== "unicast";
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
    if (!location)
      throw new OutboundFetchError(
        `Redirect without a location (${response.status})`,
        "http",
        response.status,
      );
    return safeFetchBytes(new URL(location, url).href, options, hops + 1);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new OutboundFetchError(`The server answered ${response.status}`, "http", response.status);
  }
  let bytes: Buffer;
  try {
    bytes = await readLimitedBytes(response, maxBytes);
  } catch (error) {
    if (error instanceof OutboundFetchError) throw error;
    throw new OutboundFetchError(
      `No complete answer within ${Math.round(timeoutMs / 1000)} seconds`,
      "timeout",
    );
  }
  return { bytes, contentType: response.headers.get("content-type"), url: url.href };
}
