import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * Rules that were source-reading tests (regular expressions over app/) are lint rules now
 * (eslint.config.js; the house's own in eslint-rules.js). Each case lints a snippet as if it
 * were a file of the app and expects the rule's error: removing the rule fails the case.
 */
const ROOT = path.resolve(__dirname, "../../..");
const eslint = new ESLint({ cwd: ROOT });

async function errorsOf(rule: string, file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe("every writing transaction starts IMMEDIATE (house/transaction-immediate)", () => {
  const RULE = "house/transaction-immediate";
  const file = "app/models/example.server.ts";

  it("refuses a Drizzle transaction without IMMEDIATE, anywhere in app/", async () => {
    const bad =
      'import { db } from "~/utils/db.server";\nexport const f = () => db().transaction((tx) => tx);\n';
    expect(await errorsOf(RULE, file, bad)).toEqual([
      "A transaction starts IMMEDIATE: pass IMMEDIATE (app/utils/db.server.ts) as its last argument.",
    ]);
    expect(await errorsOf(RULE, "app/features/example.server.ts", bad)).toHaveLength(1);
    const good =
      'import { db, IMMEDIATE } from "~/utils/db.server";\nexport const f = () => db().transaction((tx) => tx, IMMEDIATE);\n';
    expect(await errorsOf(RULE, file, good)).toEqual([]);
  }, 30_000);

  it("refuses a better-sqlite3 transaction that is never run with .immediate()", async () => {
    const bad =
      "export const f = (client) => {\n  const cast = client.transaction(() => 1);\n  return cast();\n};\n";
    expect(await errorsOf(RULE, file, bad)).toEqual([
      "A better-sqlite3 transaction is run with .immediate(...): 1 made here, 0 run so.",
    ]);
    const good = bad.replace("return cast();", "return cast.immediate();");
    expect(await errorsOf(RULE, file, good)).toEqual([]);
  }, 30_000);
});

describe("every per-IP budget counts a client by ipBudgetKey (house/ip-budget-key)", () => {
  const RULE = "house/ip-budget-key";
  const file = "app/utils/example.server.ts";

  it("refuses an address used as the key of a budget named …Ip, or of the public forms' budget", async () => {
    const bad =
      'import { consume, reserveAttempt } from "~/utils/rate-limit.server";\n' +
      'export const a = (ip: string) => reserveAttempt([["gateIp", `results:${ip}`]]);\n' +
      'export const b = (ip: string) => consume("publicForm", `contact:${ip}`);\n';
    expect(await errorsOf(RULE, file, bad)).toEqual([
      "The gateIp budget counts clients by ipBudgetKey(ip) (app/lib/ip-budget.ts).",
      "The publicForm budget counts clients by ipBudgetKey(ip) (app/lib/ip-budget.ts).",
    ]);
    const good = bad.replaceAll("${ip}", "${ipBudgetKey(ip)}");
    expect(await errorsOf(RULE, file, good)).toEqual([]);
    // A budget keyed by something else than the address (a username) is not its business.
    expect(await errorsOf(RULE, file, 'export const c = (u: string) => [["loginUser", u]];\n')).toEqual([]);
  }, 30_000);
});

describe("the server's own paths are named in SERVER_PATHS (house/server-own-paths)", () => {
  const RULE = "house/server-own-paths";
  const file = "server/example.ts";

  it("refuses a literal path in a route registration, so RESERVED_SLUGS can be checked against them", async () => {
    const bad =
      'import express from "express";\nconst app = express();\n' +
      'app.use("/metrics", (_req, res) => res.end());\napp.get(`/feed.xml`, (_req, res) => res.end());\n';
    expect(await errorsOf(RULE, file, bad)).toEqual([
      "Name the path /metrics in SERVER_PATHS (server/own-paths.ts), so no venue slug takes it (RESERVED_SLUGS).",
      "Name the path /feed.xml in SERVER_PATHS (server/own-paths.ts), so no venue slug takes it (RESERVED_SLUGS).",
    ]);
    const good =
      'import express from "express";\nimport { SERVER_PATHS } from "./own-paths";\nconst app = express();\n' +
      "app.use(SERVER_PATHS.metrics, (_req, res) => res.end());\n" +
      'export const type = (h: Headers) => h.get("content-type");\n';
    expect(await errorsOf(RULE, file, good)).toEqual([]);
  }, 30_000);
});

describe("route modules are thin (no-restricted-syntax in app/routes)", () => {
  const RULE = "no-restricted-syntax";

  it("refuses a route that builds a stream or listens to the vote emitter", async () => {
    const stream = "export const loader = () => new Response(new ReadableStream());\n";
    expect(await errorsOf(RULE, "app/routes/results.stream.ts", stream)).toEqual([
      "Routes are thin: a stream and its timers live in app/features (voting/results-stream.server.ts).",
    ]);
    const emitter =
      'import { onRoundChanged } from "~/utils/vote-events.server";\nexport const loader = () => onRoundChanged(() => {});\n';
    expect(await errorsOf(RULE, "app/routes/results.stream.ts", emitter)).toEqual([
      "Routes are thin: the vote emitter is listened to in app/features (voting/results-stream.server.ts).",
    ]);
    // The feature may.
    expect(await errorsOf(RULE, "app/features/voting/example.server.ts", stream)).toEqual([]);
  }, 30_000);
});

describe("a zod issue becomes a field's message in one place (no-restricted-syntax)", () => {
  const RULE = "no-restricted-syntax";
  const MESSAGE =
    "A zod issue becomes a field's message in one place: fieldErrors (app/utils/form-pipeline.server.ts).";

  it("refuses a route, a feature, a component or a lib rule that reads a zod error's issues", async () => {
    const loop =
      "export const errorsOf = (error: { issues: { path: string[]; message: string }[] }) =>\n" +
      "  Object.fromEntries(error.issues.map((i) => [i.path[0], i.message]));\n";
    for (const file of [
      "app/features/voting/example.server.ts",
      "app/routes/example.tsx",
      "app/components/example.tsx",
      "app/lib/example.ts",
    ])
      expect(await errorsOf(RULE, file, loop), file).toEqual([MESSAGE]);
    // The one place may; a handler calls it.
    expect(await errorsOf(RULE, "app/utils/form-pipeline.server.ts", loop)).toEqual([]);
    const call =
      'import { fieldErrors } from "~/utils/form-pipeline.server";\nexport const f = (e: Parameters<typeof fieldErrors>[0]) => fieldErrors(e);\n';
    expect(await errorsOf(RULE, "app/features/voting/example.server.ts", call)).toEqual([]);
  }, 30_000);
});
