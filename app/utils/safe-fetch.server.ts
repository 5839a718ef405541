import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { Agent } from "undici";
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
    const response = await fetchOnce(url, options, !(allowPrivate || trusted));
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

/**
 * One request, no redirect followed. `publicOnly`: the connection goes through PUBLIC_ONLY, whose
 * DNS look-up refuses any answer that is not a public address, so the address connected to is
 * always one that was checked (no rebinding between the check and the connection).
 */
async function fetchOnce(url: URL, options: SafeFetchOptions, publicOnly: boolean) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  try {
    return await fetch(url, {
      headers: options.headers,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
      ...(publicOnly ? { dispatcher: PUBLIC_ONLY } : {}),
    } as RequestInit);
  } catch (error) {
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
      throw new OutboundFetchError(`No answer within ${Math.round(timeoutMs / 1000)} seconds`, "timeout");
    }
    const cause = (error as Error & { cause?: unknown }).cause;
    if (cause instanceof OutboundFetchError) throw cause;
    throw new OutboundFetchError(`Could not connect (${(error as Error).message})`, "network");
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * The DNS look-up of every connection a typed URL makes (issue 39): the host is resolved here,
 * every answer is checked, and the connection is made to one of exactly those answers. Before,
 * the check resolved the name and the connection resolved it again: a name answering a public
 * address first and 127.0.0.1 a moment later (DNS rebinding) was connected to loopback.
 */
export function checkedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, answers) => {
    if (error) return callback(error, []);
    const refused = answers.find((a) => addressProblem(a.address));
    if (refused || answers.length === 0) {
      const problem = refused ? addressProblem(refused.address) : "no address";
      return callback(
        Object.assign(new OutboundFetchError(`${REFUSED_ADDRESS} (${hostname}: ${problem})`, "refused"), {
          code: "EREFUSEDADDRESS",
        }),
        [],
      );
    }
    if (options.all) callback(null, answers);
    else callback(null, answers[0].address, answers[0].family);
  });
}

/** The connections of typed URLs: through checkedLookup (IP literals are checked before). */
const PUBLIC_ONLY = new Agent({ connect: { lookup: checkedLookup as never } });

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
    : (await dns.promises.lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) throw new OutboundFetchError(`Could not resolve ${host}`, "network");
  const problem = addresses.map(addressProblem).find(Boolean);
  if (problem) throw new OutboundFetchError(`${REFUSED_ADDRESS} (${host}: ${problem})`, "refused");
  return url;
}

function isLoopbackHost(host: string): boolean {
  if (host === "localhost") return true;
  return net.isIP(host) !== 0 && ipaddr.process(host).range() === "loopback";
}

const REFUSED_ADDRESS =
  "Only public addresses can be fetched (not private, loopback, reserved or special-purpose ones)";

/**
 * IPv6 blocks ipaddr.js 2.2 calls "unicast" that are not public (issue 39 found the first three
 * judged public). From IANA's IPv6 Special-Purpose Address Registry and the RFCs that deprecated
 * them; anything outside 2000::/3, the only block IANA allocates for global unicast, is refused
 * as well (this covers ::/96, fec0::/10, 64:ff9b:1::/48, 100:0:0:1::/64 and 5f00::/16 too).
 */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");
const IPV6_NOT_PUBLIC: [string, string][] = [
  ["::/96", "IPv4-compatible, deprecated (RFC 4291)"],
  ["fec0::/10", "site-local, deprecated (RFC 3879)"],
  ["64:ff9b:1::/48", "local-use IPv4/IPv6 translation (RFC 8215)"],
  ["100:0:0:1::/64", "dummy prefix (RFC 9780)"],
  ["5f00::/16", "segment routing SIDs (RFC 9602)"],
  ["3fff::/20", "documentation (RFC 9637)"],
  ["3ffe::/16", "6bone, returned (RFC 3701)"],
  ["2001:db8::/32", "documentation (RFC 3849)"],
];
const IPV6_RANGES = IPV6_NOT_PUBLIC.map(([cidr, name]) => [ipaddr.parseCIDR(cidr), name] as const);

/**
 * Why an address is not public unicast, or null when it is. Judged by ipaddr.js's range tables
 * (loopback, private, link-local, CGNAT, documentation and benchmarking ("reserved"), multicast,
 * broadcast, unspecified, unique-local, discard, 6to4/Teredo/NAT64, which carry another
 * address...) and IPV6_NOT_PUBLIC. An IPv4-mapped IPv6 address is judged as its IPv4 address.
 * Anything unparseable is refused too.
 */
export function addressProblem(address: string): string | null {
  if (!ipaddr.isValid(address)) return "not an IP address";
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  if (range !== "unicast") return range;
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    for (const [cidr, name] of IPV6_RANGES) if (v6.match(cidr)) return name;
    if (!v6.match(IPV6_GLOBAL_UNICAST)) return "outside 2000::/3, the global unicast block";
  }
  return null;
}

/** True for every address that is not public unicast (see addressProblem). */
export function isPrivateAddress(address: string): boolean {
  return addressProblem(address) !== null;
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
  const allowPrivate = options.allowPrivate ?? getEnv().ALLOW_PRIVATE_FETCH;
  const url = await assertPublicHttpUrl(rawUrl, allowPrivate);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const response = await fetchOnce(url, options, !allowPrivate);
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
