/**
 * Issue 19: the voting routes read `?round=` with parseId, so `?round=0x10` is not round 16
 * (Number("0x10") is 16).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { votingRounds } from "~/db/schema";
import { loader as voteLoader } from "~/routes/vote";
import { closeDatabase, db, runMigrations } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-round-param-"));
  process.env.DATABASE_PATH = path.join(dir, "app.db");
  resetEnvCache();
  runMigrations(db());
  // Round 16 is over; nothing is open.
  db()
    .insert(votingRounds)
    .values({
      id: 16,
      title: "Round sixteen",
      openedAt: new Date(Date.now() - 3_600_000),
      closedAt: new Date(),
    })
    .run();
});

afterAll(() => {
  closeDatabase();
  delete process.env.DATABASE_PATH;
  resetEnvCache();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function votePage(query: string) {
  const args = {
    request: new Request(`http://localhost:3000/vote?${query}`),
    params: {},
    context: {},
  } as unknown as LoaderFunctionArgs;
  return (await (await voteLoader(args)).json()) as { mode: string; round?: { id: number; title: string } };
}

describe("/vote?round=", () => {
  it("a plain id finds its round", async () => {
    const page = await votePage("round=16&thanks=1");
    expect(page.mode).toBe("thanks");
    expect(page.round).toEqual({ id: 16, title: "Round sixteen" });
  });

  it.each(["0x10", "1e1", "016", "16.0"])("round=%s is not round 16", async (round) => {
    const page = await votePage(`round=${encodeURIComponent(round)}&thanks=1`);
    expect(page.mode).toBe("closed");
    expect(page.round).toBeUndefined();
  });
});
