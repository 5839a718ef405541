/**
 * A fake published sheet (the CSV export) on 127.0.0.1 and a free port, for unit and
 * browser tests. GET /sheet.csv answers according to the mode:
 *   ok       CSV with quoted commas, quotes and a newline inside a cell, mixed-case statuses
 *   updated  the same sheet after an edit (one more row, a changed status)
 *   empty    an empty sheet (header only)
 *   error    500
 *   html     a sign-in web page with status 200 (an unpublished sheet)
 *   slow     the ok sheet after `slowMs`
 * POST /__mode {"mode": "..."} switches it from another process (browser tests).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type SheetFakeMode = "ok" | "updated" | "empty" | "error" | "html" | "slow";

export const SHEET_OK_CSV = [
  "Date,Venue,Time,Status,Notes,",
  '2026-12-04,"Tipsy Toucan, Windsor",8:00 PM,CONFIRMED,"Headliner: Sam ""The Ham"" Lee",',
  '2026-12-11,Walkerville Brewery,7:30 PM,pending,"Load-in 6 PM',
  'Sound check 6:30 PM",',
  "2026-12-18,Mastronardi Winery,7:00 PM,Cancelled,Rebooking in spring,",
  ",,,,,",
  "2026-12-31,Craft Heads,9:00 PM,Tentative,New Year's Eve,",
].join("\r\n");

export const SHEET_UPDATED_CSV = [
  "Date,Venue,Time,Status,Notes",
  '2026-12-04,"Tipsy Toucan, Windsor",8:00 PM,Confirmed,"Headliner: Sam ""The Ham"" Lee"',
  "2026-12-11,Walkerville Brewery,7:30 PM,Confirmed,Contract signed",
  "2027-01-08,Sheet Update Lounge,8:00 PM,Pending,Added after the first load",
].join("\n");

export type SheetFake = {
  url: string;
  setMode(mode: SheetFakeMode): void;
  hits(): number;
  close(): Promise<void>;
};

export async function startSheetFake(options: { slowMs?: number } = {}): Promise<SheetFake> {
  let mode: SheetFakeMode = "ok";
  let hits = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "POST" && url.pathname === "/__mode") {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        mode = (JSON.parse(raw || "{}") as { mode?: SheetFakeMode }).mode ?? "ok";
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ mode }));
      });
      return;
    }
    if (url.pathname !== "/sheet.csv") {
      res.writeHead(404).end("not found");
      return;
    }
    hits++;
    const csv = (body: string) => res.writeHead(200, { "Content-Type": "text/csv; charset=utf-8" }).end(body);
    switch (mode) {
      case "ok":
        return csv(SHEET_OK_CSV);
      case "updated":
        return csv(SHEET_UPDATED_CSV);
      case "empty":
        return csv("Date,Venue,Time,Status,Notes\r\n");
      case "error":
        res.writeHead(500, { "Content-Type": "text/plain" }).end("Internal error");
        return;
      case "html":
        res
          .writeHead(200, { "Content-Type": "text/html" })
          .end("<!DOCTYPE html><html><body>Sign in</body></html>");
        return;
      case "slow": {
        const t = setTimeout(() => {
          timers.delete(t);
          if (!res.destroyed) csv(SHEET_OK_CSV);
        }, options.slowMs ?? 3_000);
        timers.add(t);
        return;
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sheet.csv`,
    setMode: (m) => {
      mode = m;
    },
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Switches a running fake's mode from another process (browser tests). */
export async function setSheetFakeMode(sheetUrl: string, mode: SheetFakeMode) {
  const res = await fetch(new URL("/__mode", sheetUrl), { method: "POST", body: JSON.stringify({ mode }) });
  if (!res.ok) throw new Error(`Could not switch the sheet fake to ${mode}`);
}
