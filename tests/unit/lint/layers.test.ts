import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layer rule of app/ (README, "How the code is laid out") is an ESLint rule; this test
 * proves the rule bites: a plumbing module that imports a model is an error.
 */
const eslint = new ESLint({ cwd: path.resolve(__dirname, "../../..") });
const LAYER_RULES = [
  "import-x/no-restricted-paths",
  "no-restricted-imports",
  "@typescript-eslint/no-restricted-imports",
  "no-restricted-syntax",
  "no-restricted-globals",
];

async function layerErrors(file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: path.resolve(__dirname, "../../..", file) });
  return result.messages.filter((m) => LAYER_RULES.includes(m.ruleId ?? ""));
}

describe("layers", () => {
  it("refuses a utils module that imports a model", async () => {
    const errors = await layerErrors(
      "app/utils/example.server.ts",
      'import { getShow } from "~/models/events.server";\nexport const x = getShow;\n',
    );
    expect(errors).toHaveLength(1);
  }, 30_000);

  it("refuses a pure rule that imports the database", async () => {
    const errors = await layerErrors(
      "app/lib/example.ts",
      'import { db } from "~/utils/db.server";\nexport const x = db;\n',
    );
    expect(errors.length).toBeGreaterThan(0);
  }, 30_000);

  it("refuses a component that imports a server module", async () => {
    const errors = await layerErrors(
      "app/components/example.tsx",
      'import { getEnv } from "~/utils/env.server";\nexport const x = getEnv;\n',
    );
    expect(errors.length).toBeGreaterThan(0);
  }, 30_000);

  it("lets a feature handler use models and plumbing", async () => {
    const errors = await layerErrors(
      "app/features/example/example.server.ts",
      'import { getShow } from "~/models/events.server";\nimport { getEnv } from "~/utils/env.server";\nexport const x = [getShow, getEnv];\n',
    );
    expect(errors).toEqual([]);
  }, 30_000);

  it("refuses a model that imports a service, and a service that imports a feature handler", async () => {
    expect(
      await layerErrors(
        "app/models/example.server.ts",
        'import { lookupEventDetails } from "~/services/event-lookup.server";\nexport const x = lookupEventDetails;\n',
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        "app/services/example.server.ts",
        'import { loadDetailsFromUrl } from "~/features/events/event-lookup-action.server";\nexport const x = loadDetailsFromUrl;\n',
      ),
    ).toHaveLength(1);
  }, 30_000);

  it("refuses load-from-URL reaching into the sync run, and the ticketing client importing a service", async () => {
    expect(
      await layerErrors(
        "app/services/event-lookup.server.ts",
        'import { fetchSyncedShows } from "./eventbrite-sync.server";\nexport const x = fetchSyncedShows;\n',
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        "app/services/eventbrite-client.server.ts",
        'import { fetchPageEvent } from "./page-metadata.server";\nexport const x = fetchPageEvent;\n',
      ),
    ).toHaveLength(1);
    // The sync run and load-from-URL both use the client.
    expect(
      await layerErrors(
        "app/services/event-lookup.server.ts",
        'import { fetchEvent } from "./eventbrite-client.server";\nexport const x = fetchEvent;\n',
      ),
    ).toEqual([]);
  }, 30_000);

  it("refuses a test that imports a script (tests/ and scripts/ run one way)", async () => {
    const errors = await layerErrors(
      "tests/e2e/example.spec.ts",
      'import { requireBuild } from "../../scripts/lib/harness";\nexport const x = requireBuild;\n',
    );
    expect(errors).toHaveLength(1);
  }, 30_000);

  it("refuses a script that imports a spec helper instead of the test kit", async () => {
    const errors = await layerErrors(
      "scripts/example.ts",
      'import { test } from "../tests/e2e/fixtures";\nexport const x = test;\n',
    );
    expect(errors).toHaveLength(1);
  }, 30_000);

  it("lets a script use the test kit", async () => {
    const errors = await layerErrors(
      "scripts/example.ts",
      'import { startLoadServer } from "../tests/support/server";\nexport const x = startLoadServer;\n',
    );
    expect(errors).toEqual([]);
  }, 30_000);
});

// Issue 40: who may query, run raw SQL, reach the network, and what server/ and the seeds may import.
describe("folder rules", () => {
  it("a route makes no query: no Drizzle, no schema values, no db(); the schema's types are fine", async () => {
    const route = "app/routes/example.tsx";
    expect(
      await layerErrors(route, 'import { eq } from "drizzle-orm";\nexport const x = eq;\n'),
    ).toHaveLength(1);
    expect(
      await layerErrors(route, 'import { events } from "~/db/schema";\nexport const x = events;\n'),
    ).toHaveLength(1);
    expect(
      await layerErrors(route, 'import { db } from "~/utils/db.server";\nexport const x = db;\n'),
    ).toHaveLength(1);
    expect(
      await layerErrors(route, 'import type { Venue } from "~/db/schema";\nexport type X = Venue;\n'),
    ).toEqual([]);
    // The route's own job: a model query or a feature handler.
    expect(
      await layerErrors(
        route,
        'import { getShow } from "~/models/events.server";\nexport const x = getShow;\n',
      ),
    ).toEqual([]);
  }, 30_000);

  it("feature handlers and services call models for queries", async () => {
    for (const file of ["app/features/example/example.server.ts", "app/services/example.server.ts"]) {
      expect(
        await layerErrors(file, 'import { sql } from "drizzle-orm";\nexport const x = sql;\n'),
        file,
      ).toHaveLength(1);
      expect(
        await layerErrors(file, 'import { votes } from "~/db/schema";\nexport const x = votes;\n'),
        file,
      ).toHaveLength(1);
    }
  }, 30_000);

  it("raw SQL (the driver's $client) only in models and the database plumbing", async () => {
    const raw =
      'import { db } from "~/utils/db.server";\nexport const x = () => db().$client.prepare("select 1");\n';
    expect(await layerErrors("app/features/example/example.server.ts", raw)).toHaveLength(1);
    expect(await layerErrors("app/services/example.server.ts", raw)).toHaveLength(1);
    expect(await layerErrors("server/example.ts", raw)).toHaveLength(1);
    expect(await layerErrors("app/models/example.server.ts", raw)).toEqual([]);
    expect(
      await layerErrors(
        "app/features/example/example.server.ts",
        'import Database from "better-sqlite3";\nexport const x = Database;\n',
      ),
    ).toHaveLength(1);
  }, 30_000);

  it("only services reach the network: safe-fetch, fetch and mail are theirs", async () => {
    const safeFetch =
      'import { safeFetchText } from "~/utils/safe-fetch.server";\nexport const x = safeFetchText;\n';
    for (const file of [
      "app/models/example.server.ts",
      "app/features/example/example.server.ts",
      "app/routes/example.tsx",
      "app/utils/example.server.ts",
      "server/example.ts",
    ])
      expect(await layerErrors(file, safeFetch), file).toHaveLength(1);
    expect(await layerErrors("app/services/example.server.ts", safeFetch)).toEqual([]);
    const direct = 'export const x = () => fetch("https://example.com");\n';
    expect(await layerErrors("app/models/example.server.ts", direct)).toHaveLength(1);
    expect(await layerErrors("app/features/example/example.server.ts", direct)).toHaveLength(1);
    expect(await layerErrors("app/services/example.server.ts", direct)).toEqual([]);
    const mail = 'import nodemailer from "nodemailer";\nexport const x = nodemailer;\n';
    expect(await layerErrors("app/models/example.server.ts", mail)).toHaveLength(1);
    expect(await layerErrors("app/services/example.server.ts", mail)).toEqual([]);
  }, 60_000);

  it("server/ takes utils, lib, services, features and models, never a route, a component or the schema", async () => {
    const file = "server/example.ts";
    expect(
      await layerErrors(file, 'import { loader } from "~/routes/vote";\nexport const x = loader;\n'),
    ).toHaveLength(1);
    expect(
      await layerErrors(file, 'import { votes } from "~/db/schema";\nexport const x = votes;\n'),
    ).not.toEqual([]);
    expect(
      await layerErrors(
        file,
        'import { StandingsTable } from "~/components/standings";\nexport const x = StandingsTable;\n',
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        file,
        'import { createFastPaths } from "~/fast/front.server";\nimport { logger } from "~/utils/logger.server";\nexport const x = [createFastPaths, logger];\n',
      ),
    ).toEqual([]);
  }, 30_000);

  it("the speed machinery (app/fast) is reached only from server/ and the build's entry module", async () => {
    const fast = 'import { pickEncoding } from "~/fast/page-cache.server";\nexport const x = pickEncoding;\n';
    expect(await layerErrors("app/routes/example.tsx", fast)).toHaveLength(1);
    expect(await layerErrors("app/features/voting/example.server.ts", fast)).toHaveLength(1);
    expect(await layerErrors("app/utils/example.server.ts", fast)).toHaveLength(1);
    expect(await layerErrors("server/example.ts", fast)).toEqual([]);
    expect(await layerErrors("app/entry.server.tsx", fast)).toEqual([]);
  }, 30_000);

  it("the seeds live with the scripts: tests and scripts use them, the app never does", async () => {
    const seeds =
      'import { seedDemoData } from "../../scripts/seeds/demo";\nexport const x = seedDemoData;\n';
    expect(await layerErrors("app/models/example.server.ts", seeds)).toHaveLength(1);
    expect(await layerErrors("tests/unit/example.test.ts", seeds)).toEqual([]);
    expect(
      await layerErrors(
        "scripts/example.ts",
        'import { seedDemoData } from "./seeds/demo";\nexport const x = seedDemoData;\n',
      ),
    ).toEqual([]);
  }, 30_000);
});
