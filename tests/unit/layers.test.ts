import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layer rule of app/ (README, "How the code is laid out") is an ESLint rule; this test
 * proves the rule bites: a plumbing module that imports a model is an error.
 */
const eslint = new ESLint({ cwd: path.resolve(__dirname, "../..") });

async function layerErrors(file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: path.resolve(__dirname, "../..", file) });
  return result.messages.filter(
    (m) => m.ruleId === "import-x/no-restricted-paths" || m.ruleId === "no-restricted-imports",
  );
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
