/**
 * The pieces of a scripted show night (issue 37), shared by `npm run rehearse` and the bench's
 * room parts: HTTP clients that act as a browser from an address of their own (the server runs
 * behind a trusted proxy, TRUST_PROXY, so Fly-Client-IP is the client's address), a proxy that
 * drops answers as a flaky connection does, the projector read as the host's screen shows it,
 * and the live stream's updates timed. Everything on 127.0.0.1, bounded.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { field, FORMS, formFields } from "../../tests/support/forms";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** A small seeded generator: the same "random" night every run. */
export function seeded(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

export type Answer = { status: number; headers: Headers; text: string; ms: number };

/** A browser at one address: its own cookie jar; requests as a page (or its fetch) sends them. */
export class Browser {
  cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    readonly ip: string,
  ) {}

  cookie() {
    return [...this.cookies.entries()].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keep(headers: Headers) {
    for (const c of headers.getSetCookie()) {
      const pair = c.split(";")[0];
      const eq = pair.indexOf("=");
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }

  async request(
    method: "GET" | "POST",
    path: string,
    body?: [string, string][] | Record<string, string>,
    options: { base?: string; json?: boolean; timeoutMs?: number } = {},
  ): Promise<Answer> {
    const started = performance.now();
    const base = options.base ?? this.base;
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        "Fly-Client-IP": this.ip,
        Cookie: this.cookie(),
        ...(method === "POST"
          ? { Origin: this.base, "Content-Type": "application/x-www-form-urlencoded" }
          : {}),
        ...(options.json ? { Accept: "application/json" } : {}),
      },
      body: body ? new URLSearchParams(body) : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    this.keep(res.headers);
    return { status: res.status, headers: res.headers, text, ms: performance.now() - started };
  }

  get(path: string, options?: { base?: string }) {
    return this.request("GET", path, undefined, options);
  }
  post(
    path: string,
    body: [string, string][] | Record<string, string>,
    options?: { base?: string; json?: boolean },
  ) {
    return this.request("POST", path, body, options);
  }
}

/** What a ballot page holds: its round, its token, its comedians, the room code field's value. */
export function readBallot(html: string) {
  const input = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? null;
  return {
    roundId: Number(input(field(FORMS.vote, "roundId")) ?? 0),
    token: input(field(FORMS.vote, "voteToken")),
    comedianIds: [...html.matchAll(/name="comedianId" value="(\d+)"/g)].map((m) => Number(m[1])),
    roomCode:
      /id="vote-room-code"[^>]*value="(\d*)"/.exec(html)?.[1] ??
      /name="roomCode"[^>]*value="(\d*)"/.exec(html)?.[1] ??
      null,
    choose: html.includes("Which show are you at?"),
  };
}

export function voteBody(v: {
  roundId: number;
  token: string;
  comedianId: number;
  email: string;
  roomCode: string;
}) {
  return formFields(FORMS.vote, {
    roundId: v.roundId,
    voteToken: v.token,
    comedianId: v.comedianId,
    email: v.email,
    roomCode: v.roomCode,
  });
}

/** The projector as its screen shows it: the state line, the QR code's address and the room code. */
export function readProjector(html: string) {
  const text = (s: string) =>
    s
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, "")
      .replace(/&amp;/g, "&")
      .replace(/&#x27;/g, "'")
      .trim();
  const phase = /data-round-phase="([a-z]+)"[^>]*>([\s\S]*?)<a /.exec(html);
  return {
    phase: phase?.[1] ?? null,
    text: phase ? text(phase[2]) : null,
    qrUrl: /aria-label="QR code for ([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? null,
    code: /data-testid="room-code">([\d ]+)</.exec(html)?.[1]?.replace(/\s/g, "") ?? null,
    voteAt: html.includes('data-projector-slot="vote-at"'),
  };
}

/**
 * A flaky connection: a proxy in front of the server that forwards every request, and for each
 * vote post (by its vote token) seen for the first time waits for the server's whole answer and
 * then drops the connection instead of passing it on: the vote is stored, the phone never hears.
 */
export async function startFlakyProxy(target: string) {
  const upstream = new URL(target);
  const seen = new Set<string>();
  let dropped = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const token = req.method === "POST" ? new URLSearchParams(body.toString()).get("voteToken") : null;
      const drop = token !== null && !seen.has(token);
      if (token) seen.add(token);
      const out = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on("data", (c: Buffer) => parts.push(c));
          answer.on("end", () => {
            if (drop) {
              dropped++;
              req.socket.destroy();
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(parts));
          });
        },
      );
      out.on("error", () => req.socket.destroy());
      out.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dropped: () => dropped,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * The live results stream as the projector reads it: every update's time and vote count.
 * `reachedBy(n)` is when the projector first showed at least n votes.
 */
export async function watchStream(base: string, path: string, browser: Browser) {
  const updates: { at: number; total: number }[] = [];
  const controller = new AbortController();
  const res = await fetch(`${base}${path}`, {
    headers: { Cookie: browser.cookie(), "Fly-Client-IP": browser.ip, Accept: "text/event-stream" },
    signal: controller.signal,
  });
  if (!res.ok || !res.body) throw new Error(`the results stream did not open (${res.status})`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const done = (async () => {
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf("\n\n")) !== -1) {
          const event = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = /^data: (.*)$/m.exec(event)?.[1];
          if (!data || !event.includes("event: display")) continue;
          const display = JSON.parse(data) as {
            view: { mode: "live"; standings: { total: number } } | { mode: "hidden"; total: number };
          };
          const total = display.view.mode === "live" ? display.view.standings.total : display.view.total;
          updates.push({ at: performance.now(), total });
        }
      }
    } catch {
      /* closed */
    }
  })();
  return {
    updates,
    reachedBy(n: number, after: number): number | null {
      const hit = updates.find((u) => u.total >= n);
      return hit ? Math.max(0, hit.at - after) : null;
    },
    async close() {
      controller.abort();
      await done;
    },
  };
}

/** Runs `task` over `items` with at most `limit` at once. */
export async function inParallel<T>(items: T[], limit: number, task: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await task(items[i], i);
      }
    }),
  );
}

export function tally(values: (number | string)[]) {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
  return [...counts.entries()].map(([k, n]) => `${k}×${n}`).join(", ");
}
