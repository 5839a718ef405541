import dns from "node:dns";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  addressProblem,
  assertPublicHttpUrl,
  checkedLookup,
  isPrivateAddress,
  OutboundFetchError,
  safeFetchText,
} from "~/utils/safe-fetch.server";

/**
 * The outbound fetch rules (load-from-URL, sync, booking sheet): only http(s), no loopback,
 * private or link-local targets unless allowed, every redirect hop re-checked, a timeout
 * and a size limit. A local fake on 127.0.0.1 answers; to test the address rules on a
 * "public" host, fetch is wrapped so a public unicast address (93.184.215.14) is carried to
 * the fake while the checks still see the public address (nothing leaves the machine).
 */

const PUBLIC_ALIAS = "93.184.215.14";
let fake: http.Server;
let port = 0;
const hits: string[] = [];

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    const u = new URL(req.url ?? "/", "http://x");
    switch (u.pathname) {
      case "/ok":
        res.writeHead(200, { "content-type": "text/plain" }).end("hello");
        return;
      case "/redirect":
        res.writeHead(302, { location: u.searchParams.get("to") ?? "/ok" }).end();
        return;
      case "/loop":
        res.writeHead(302, { location: "/loop" }).end();
        return;
      case "/slow":
        setTimeout(() => res.writeHead(200).end("late"), 2_000).unref();
        return;
      case "/big-declared":
        res.writeHead(200, { "content-length": String(5_000) }).end("x".repeat(5_000));
        return;
      case "/big-chunked":
        res.writeHead(200, { "content-type": "text/plain" });
        for (let i = 0; i < 10; i++) res.write("y".repeat(1_000));
        res.end();
        return;
      case "/teapot":
        res.writeHead(503, { "retry-after": "7" }).end("busy");
        return;
      default:
        res.writeHead(404).end("no");
    }
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  port = (fake.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

afterEach(() => {
  vi.unstubAllGlobals();
  hits.length = 0;
});

/** Routes requests for the public alias to the local fake (the checks happen before fetch). */
function aliasPublicToFake() {
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.hostname === PUBLIC_ALIAS) {
      url.hostname = "127.0.0.1";
      url.port = String(port);
    }
    return realFetch(url, init);
  });
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "the fetch should have been refused").toBeInstanceOf(OutboundFetchError);
  return error as OutboundFetchError;
}

describe("schemes", () => {
  it.each([
    "file:///etc/passwd",
    "ftp://example.com/x",
    "gopher://example.com/",
    "data:text/plain,hello",
    "javascript:alert(1)",
    "not a url",
    "",
  ])("refuses %s even when private targets are allowed", async (url) => {
    const error = await refusal(assertPublicHttpUrl(url, true));
    expect(error.kind).toBe("refused");
  });
});

describe("addresses", () => {
  it.each([
    ["loopback", "127.0.0.1"],
    ["loopback elsewhere in 127/8", "127.10.20.30"],
    ["0.0.0.0", "0.0.0.0"],
    ["10/8", "10.1.2.3"],
    ["172.16/12 low", "172.16.0.1"],
    ["172.16/12 high", "172.31.255.254"],
    ["192.168/16", "192.168.1.1"],
    ["link-local (cloud metadata)", "169.254.169.254"],
    ["carrier-grade NAT", "100.64.0.1"],
    ["IPv6 loopback", "::1"],
    ["IPv6 unspecified", "::"],
    ["IPv6 unique local fc00::/7 (fc)", "fc00::1"],
    ["IPv6 unique local fc00::/7 (fd)", "fd12:3456::1"],
    ["IPv6 link-local", "fe80::1"],
    ["IPv4-mapped loopback (dotted)", "::ffff:127.0.0.1"],
    ["IPv4-mapped loopback (hex, as URL parsing writes it)", "::ffff:7f00:1"],
    ["IPv4-mapped 10/8 (hex)", "::ffff:a00:1"],
    ["IPv4-mapped metadata (hex)", "::ffff:a9fe:a9fe"],
  ])("%s (%s) is private", (_label, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    ["documentation 192.0.2/24", "192.0.2.1"],
    ["documentation 198.51.100/24", "198.51.100.7"],
    ["documentation 203.0.113/24", "203.0.113.10"],
    ["benchmarking 198.18/15", "198.18.0.1"],
    ["benchmarking 198.19/15", "198.19.255.1"],
    ["IETF protocol assignments 192.0.0/24", "192.0.0.8"],
    ["multicast", "224.0.0.1"],
    ["reserved 240/4", "240.0.0.1"],
    ["broadcast", "255.255.255.255"],
    ["IPv6 documentation", "2001:db8::1"],
    ["IPv6 multicast", "ff02::1"],
    ["IPv6 discard", "100::1"],
    ["NAT64 (carries an IPv4 address)", "64:ff9b::a00:1"],
    ["6to4", "2002:7f00:1::1"],
    ["Teredo", "2001::1"],
    ["IPv4-mapped documentation", "::ffff:192.0.2.1"],
    ["IPv4-mapped CGNAT (hex)", "::ffff:6440:1"],
    ["not an address", "example.com"],
  ])("%s (%s) is not public unicast", (_label, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    "8.8.8.8",
    "93.184.215.14",
    "172.15.0.1",
    "172.32.0.1",
    "192.169.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
  ])("%s is public", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it.each([
    "http://127.0.0.1/",
    "http://localhost/",
    "http://10.0.0.5:8080/x",
    "http://172.20.1.1/",
    "http://192.168.0.10/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]/",
    "http://[fd00::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:10.0.0.1]/",
    "http://2130706433/",
    "http://0x7f.0.0.1/",
    "http://017700000001/",
  ])("refuses %s unless private targets are allowed", async (url) => {
    const error = await refusal(assertPublicHttpUrl(url, false));
    expect(error.kind).toBe("refused");
    await expect(assertPublicHttpUrl(url, true)).resolves.toBeInstanceOf(URL);
  });

  it("never connects to a refused target", async () => {
    const error = await refusal(safeFetchText(`http://127.0.0.1:${port}/ok`, { allowPrivate: false }));
    expect(error.kind).toBe("refused");
    expect(hits).toEqual([]);
  });

  it("fetches the local fake when private targets are allowed", async () => {
    const result = await safeFetchText(`http://127.0.0.1:${port}/ok`, { allowPrivate: true });
    expect(result.text).toBe("hello");
    expect(result.status).toBe(200);
  });

  it("fetches a public address", async () => {
    aliasPublicToFake();
    const result = await safeFetchText(`http://${PUBLIC_ALIAS}/ok`, { allowPrivate: false });
    expect(result.text).toBe("hello");
  });
});

describe("redirects", () => {
  it.each([
    () => `http://127.0.0.1:${port}/ok`,
    () => "http://169.254.169.254/latest/meta-data/",
    () => "http://[::1]/",
    () => "http://10.0.0.1/",
    () => "file:///etc/passwd",
  ])("a public answer redirecting to a private or non-http target is refused (%#)", async (target) => {
    aliasPublicToFake();
    const to = encodeURIComponent(target());
    const error = await refusal(
      safeFetchText(`http://${PUBLIC_ALIAS}/redirect?to=${to}`, { allowPrivate: false }),
    );
    expect(error.kind).toBe("refused");
    expect(hits).toEqual([`/redirect?to=${to}`]);
  });

  it("a redirect to a public address is followed", async () => {
    aliasPublicToFake();
    const result = await safeFetchText(`http://${PUBLIC_ALIAS}/redirect?to=/ok`, { allowPrivate: false });
    expect(result.text).toBe("hello");
    expect(hits).toEqual(["/redirect?to=/ok", "/ok"]);
  });
});

describe("redirect limit and trusted endpoints", () => {
  it("follows at most 5 redirects (a loop is an error after the sixth request)", async () => {
    aliasPublicToFake();
    const error = await refusal(safeFetchText(`http://${PUBLIC_ALIAS}/loop`, { allowPrivate: false }));
    expect(error.message).toMatch(/More than 5 redirects/);
    expect(hits.length).toBe(6);
  });

  it("5 redirects are still followed", async () => {
    aliasPublicToFake();
    const chain = (n: number): string =>
      n === 0 ? "/ok" : `/redirect?to=${encodeURIComponent(chain(n - 1))}`;
    const result = await safeFetchText(`http://${PUBLIC_ALIAS}${chain(5)}`, { allowPrivate: false });
    expect(result.text).toBe("hello");
    expect(hits.length).toBe(6);
  });

  it("a configured endpoint (trusted) works on loopback without ALLOW_PRIVATE_FETCH", async () => {
    const result = await safeFetchText(`http://127.0.0.1:${port}/redirect?to=/ok`, {
      allowPrivate: false,
      trusted: true,
    });
    expect(result.text).toBe("hello");
  });

  it("a trusted endpoint redirecting to another origin is checked like a typed URL", async () => {
    const to = encodeURIComponent("http://10.0.0.1/");
    const error = await refusal(
      safeFetchText(`http://127.0.0.1:${port}/redirect?to=${to}`, { allowPrivate: false, trusted: true }),
    );
    expect(error.kind).toBe("refused");
  });
});

describe("limits", () => {
  it("gives up after the timeout", async () => {
    const error = await refusal(
      safeFetchText(`http://127.0.0.1:${port}/slow`, { allowPrivate: true, timeoutMs: 200 }),
    );
    expect(error.kind).toBe("timeout");
  });

  it("refuses an answer whose declared length is over the limit", async () => {
    const error = await refusal(
      safeFetchText(`http://127.0.0.1:${port}/big-declared`, { allowPrivate: true, maxBytes: 1_000 }),
    );
    expect(error.kind).toBe("too-large");
  });

  it("stops reading a streamed answer once it passes the limit", async () => {
    const error = await refusal(
      safeFetchText(`http://127.0.0.1:${port}/big-chunked`, { allowPrivate: true, maxBytes: 2_500 }),
    );
    expect(error.kind).toBe("too-large");
    const ok = await safeFetchText(`http://127.0.0.1:${port}/big-chunked`, {
      allowPrivate: true,
      maxBytes: 20_000,
    });
    expect(ok.text).toHaveLength(10_000);
  });

  it("reports a non-2xx answer with its status and Retry-After", async () => {
    const error = await refusal(safeFetchText(`http://127.0.0.1:${port}/teapot`, { allowPrivate: true }));
    expect(error.kind).toBe("http");
    expect(error.status).toBe(503);
    expect(error.retryAfterSeconds).toBe(7);
  });

  it("reports a closed port as a network error", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await refusal(safeFetchText(`http://127.0.0.1:${closedPort}/`, { allowPrivate: true }));
    expect(error.kind).toBe("network");
  });
});

describe("issue 39: deprecated and special IPv6 blocks, and no DNS rebinding", () => {
  it.each([
    ["IPv4-compatible loopback (hex)", "::7f00:1"],
    ["IPv4-compatible loopback (dotted)", "::127.0.0.1"],
    ["IPv4-compatible 10/8", "::a00:1"],
    ["site-local fec0::/10", "fec0::1"],
    ["site-local, top of the block", "feff:ffff::1"],
    ["local-use NAT64 64:ff9b:1::/48", "64:ff9b:1::7f00:1"],
    ["NAT64 64:ff9b::/96", "64:ff9b::a9fe:a9fe"],
    ["documentation 3fff::/20", "3fff:0fff::1"],
    ["segment routing 5f00::/16", "5f00::1"],
    ["dummy prefix 100:0:0:1::/64", "100:0:0:1::1"],
    ["6bone 3ffe::/16", "3ffe::1"],
    ["6to4 of loopback", "2002:7f00:1::1"],
    ["outside 2000::/3", "4000::1"],
  ])("%s (%s) is refused", (_label, address) => {
    expect(isPrivateAddress(address)).toBe(true);
    expect(addressProblem(address)).toBeTruthy();
  });

  it.each(["8.8.8.8", "2606:4700:4700::1111", "2001:4860:4860::8888", "::ffff:8.8.8.8", "2a00:1450::1"])(
    "%s is public",
    (address) => expect(addressProblem(address)).toBeNull(),
  );

  it("the connection's own look-up refuses a name that answers a private address", async () => {
    const spy = vi
      .spyOn(dns, "lookup")
      .mockImplementation(((
        _host: string,
        _options: unknown,
        callback: (e: null, a: dns.LookupAddress[]) => void,
      ) => callback(null, [{ address: "127.0.0.1", family: 4 }])) as never);
    const answer = await new Promise<{ error: unknown; address: unknown }>((resolve) =>
      checkedLookup("rebind.test", { all: true }, (error, address) => resolve({ error, address })),
    );
    expect(answer.error).toBeInstanceOf(OutboundFetchError);
    spy.mockRestore();
  });

  it("a name that answers a public address to the check and loopback to the connection is never connected to", async () => {
    // The check's look-up (promises) sees a public address; the connection's (callback) gets
    // loopback, as a rebinding DNS server answers with a TTL of 0.
    const checked = vi
      .spyOn(dns.promises, "lookup")
      .mockResolvedValue([{ address: PUBLIC_ALIAS, family: 4 }] as never);
    const connected = vi
      .spyOn(dns, "lookup")
      .mockImplementation(((
        _host: string,
        options: { all?: boolean },
        callback: (e: null, a: unknown, f?: number) => void,
      ) =>
        options.all
          ? callback(null, [{ address: "127.0.0.1", family: 4 }])
          : callback(null, "127.0.0.1", 4)) as never);
    const error = await refusal(safeFetchText(`http://rebind.test:${port}/ok`, { allowPrivate: false }));
    expect(error.kind).toBe("refused");
    expect(hits).toEqual([]);
    expect(checked).toHaveBeenCalled();
    expect(connected).toHaveBeenCalled();
    checked.mockRestore();
    connected.mockRestore();
  });

  it("a public answer is handed to the connection as it was checked (no second look-up)", async () => {
    const lookups = vi
      .spyOn(dns, "lookup")
      .mockImplementation(((
        _host: string,
        _options: unknown,
        callback: (e: null, a: dns.LookupAddress[]) => void,
      ) => callback(null, [{ address: PUBLIC_ALIAS, family: 4 }])) as never);
    const one = await new Promise<unknown[]>((resolve) =>
      checkedLookup("public.test", {}, (_e, address, family) => resolve([address, family])),
    );
    const all = await new Promise<unknown>((resolve) =>
      checkedLookup("public.test", { all: true }, (_e, address) => resolve(address)),
    );
    expect(one).toEqual([PUBLIC_ALIAS, 4]);
    expect(all).toEqual([{ address: PUBLIC_ALIAS, family: 4 }]);
    expect(lookups).toHaveBeenCalledTimes(2);
    lookups.mockRestore();
  });
});
