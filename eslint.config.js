// ESLint (flat config): typescript-eslint, React hooks, jsx-a11y, import order and cycles,
// and the layer rules (README, "How the code is laid out"): what each folder may import, who
// may query the database, run raw SQL or reach the network. tests/unit/lint/layers.test.ts proves
// each rule bites.
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import house from "./eslint-rules.js";

/** app/<from> may not import app/<target> (the layers run one way: routes → models/services → lib). */
const layerZones = [
  // Pure rules: no I/O, no Remix, no database.
  {
    target: "./app/lib",
    from: [
      "./app/routes",
      "./app/components",
      "./app/models",
      "./app/services",
      "./app/utils",
      "./app/features",
      "./app/db",
    ],
  },
  // Presentational React: lib and types only.
  {
    target: "./app/components",
    from: ["./app/routes", "./app/models", "./app/services", "./app/utils", "./app/features", "./app/db"],
  },
  // Plumbing (env, db, session, logging, headers): nothing above it. The exceptions are
  // start-up and the session-to-staff boundary: auth (requireStaff) and start-up (the first
  // staff account) read the staff model, and start-up seeds the venue flags from the configuration.
  { target: "./app/utils", from: ["./app/routes", "./app/components", "./app/services", "./app/features"] },
  { target: "./app/utils", from: "./app/models", except: ["./staff.server.ts", "./venues.server.ts"] },
  // Queries and outside services: never routes, components or feature handlers.
  { target: "./app/models", from: ["./app/routes", "./app/components", "./app/services", "./app/features"] },
  { target: "./app/services", from: ["./app/routes", "./app/components", "./app/features"] },
  // Feature handlers serve routes; they never import a route.
  { target: "./app/features", from: ["./app/routes"] },
  // The network (issue 40): only services fetch. The one guarded fetch is safe-fetch.
  {
    target: ["./app/routes", "./app/components", "./app/lib", "./app/models", "./app/features", "./app/db"],
    from: "./app/utils/safe-fetch.server.ts",
    message: "Only app/services reach the network: call a service.",
  },
  {
    target: "./app/utils",
    from: "./app/utils/safe-fetch.server.ts",
    message: "Only app/services reach the network: call a service.",
  },
  // The demo data lives with the scripts (scripts/seeds); the app never imports it.
  { target: "./app", from: "./scripts", message: "Nothing in app/ imports scripts/ (the seeds included)." },
  // Ticketing (issue 19): the one platform client sits under the sync and load-from-URL and
  // imports no other service; load-from-URL goes down the layers, never up into the sync run.
  {
    target: "./app/services/eventbrite-client.server.ts",
    from: "./app/services",
    message: "The ticketing client imports no other service (lib and utils only).",
  },
  {
    target: ["./app/services/event-lookup.server.ts", "./app/services/page-metadata.server.ts"],
    from: "./app/services/eventbrite-sync.server.ts",
    message: "Load-from-URL uses the ticketing client (eventbrite-client.server.ts), not the sync run.",
  },
  // The speed machinery (issue 40): one folder, reached only by server/ and the build's entry
  // module, so FAST_PATHS=off leaves nothing of it on a request's way.
  {
    target: [
      "./app/routes",
      "./app/components",
      "./app/lib",
      "./app/models",
      "./app/services",
      "./app/utils",
      "./app/features",
      "./app/db",
    ],
    from: "./app/fast",
    message: "app/fast (the fast paths) is reached only from server/ and app/entry.server.tsx.",
  },
];

/**
 * The HTTP front (server/): the request pipeline, the fast paths and the background jobs it
 * starts. It may use utils, lib, services, features and models; never a route module (it loads
 * Remix's build at run time), a component, the schema or a query of its own.
 */
const serverZones = [
  {
    target: "./server",
    from: ["./app/routes", "./app/components", "./app/db"],
    message: "server/ takes app/utils, lib, services, features and models; routes come from the build.",
  },
  {
    target: "./server",
    from: "./app/utils/safe-fetch.server.ts",
    message: "Only app/services reach the network.",
  },
];

// What a folder may not import (typescript-eslint's rule: type imports can be allowed).
const restrict = (message, ...names) => names.map((name) => ({ name, message }));
const QUERIES = "Queries and transactions live in app/models: call a model function.";
const RAW_SQL = "Raw SQL (the better-sqlite3 driver) lives in app/models and app/utils/db.server.ts.";
const NETWORK = "Only app/services reach the network: call a service.";
const noDrizzle = restrict(QUERIES, "drizzle-orm", "drizzle-orm/sqlite-core");
const noDriver = restrict(RAW_SQL, "better-sqlite3");
const noNetwork = restrict(
  NETWORK,
  "nodemailer",
  "undici",
  "node:dns",
  "node:net",
  "node:https",
  "https",
  "net",
  "dns",
);
const schemaTypesOnly = {
  group: ["~/db/schema", "**/db/schema"],
  allowTypeImports: true,
  message: "No schema values here (queries live in app/models); its types are fine.",
};
const dbTypesOnly = {
  group: ["~/utils/db.server", "**/utils/db.server"],
  allowTypeImports: true,
  message: "Routes make no query: call a model function (the DB type is fine).",
};
/** `db.$client`: the raw driver, the way to raw SQL. */
const noRawClient = {
  selector: "MemberExpression[property.name='$client']",
  message: RAW_SQL,
};
/** Routes are thin (access check, parse, one call): a stream and the vote emitter live in features. */
const thinRoute = [
  {
    selector: "NewExpression[callee.name='ReadableStream']",
    message:
      "Routes are thin: a stream and its timers live in app/features (voting/results-stream.server.ts).",
  },
  {
    selector: "CallExpression[callee.name='onRoundChanged']",
    message:
      "Routes are thin: the vote emitter is listened to in app/features (voting/results-stream.server.ts).",
  },
];
/**
 * A zod issue becomes a field's message in one place, `fieldErrors` in the form pipeline
 * (handleForm's parse and the vote post both call it): routes, features, components and lib
 * never read a zod error's issues themselves.
 */
const noIssueLoop = {
  selector: "MemberExpression[property.name='issues']",
  message:
    "A zod issue becomes a field's message in one place: fieldErrors (app/utils/form-pipeline.server.ts).",
};
/** Server modules outside app/services never call fetch themselves. */
const noFetch = { name: "fetch", message: NETWORK };

/**
 * The rules by folder (issue 40), each file in one block only (a later block would replace an
 * earlier one's options): routes make no query (no Drizzle, no schema values, no db()), run no
 * raw SQL and never reach the network; feature handlers and services call models for queries;
 * models and plumbing never reach the network; the HTTP front makes no query of its own.
 */
const folderRules = [
  {
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx", "app/entry.server.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [...noDrizzle, ...noDriver, ...noNetwork], patterns: [schemaTypesOnly, dbTypesOnly] },
      ],
      "no-restricted-syntax": ["error", noRawClient, noIssueLoop, ...thinRoute],
    },
  },
  {
    files: ["app/features/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [...noDrizzle, ...noDriver, ...noNetwork], patterns: [schemaTypesOnly] },
      ],
      "no-restricted-syntax": ["error", noRawClient, noIssueLoop],
      "no-restricted-globals": ["error", noFetch],
    },
  },
  {
    files: ["app/services/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [...noDrizzle, ...noDriver], patterns: [schemaTypesOnly] },
      ],
      "no-restricted-syntax": ["error", noRawClient],
    },
  },
  {
    files: ["app/models/**/*.ts", "app/utils/**/*.ts", "app/db/**/*.ts"],
    ignores: ["app/utils/safe-fetch.server.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { paths: noNetwork }],
      "no-restricted-globals": ["error", noFetch],
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [...noDrizzle, ...noDriver, ...noNetwork], patterns: [schemaTypesOnly] },
      ],
      "no-restricted-syntax": ["error", noRawClient, noIssueLoop],
    },
  },
  {
    files: ["server/**/*.ts"],
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: serverZones }],
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [...noDrizzle, ...noDriver, ...noNetwork], patterns: [schemaTypesOnly] },
      ],
      "no-restricted-syntax": ["error", noRawClient],
      "no-restricted-globals": ["error", noFetch],
    },
  },
];

/**
 * tests/ and scripts/ (docs/decisions/test-kit.md): scripts may use the test kit
 * (tests/support, tests/fakes, tests/fixtures); nothing in tests/ imports scripts/; the kit
 * imports no spec or unit test.
 */
const testKitZones = [
  {
    target: "./tests",
    from: "./scripts",
    except: ["./seeds"],
    message:
      "tests/ never imports scripts/ (but the demo data, scripts/seeds): move what both need to tests/support.",
  },
  {
    target: "./tests/support",
    from: ["./tests/e2e", "./tests/unit"],
    message: "The test kit imports no spec or unit test.",
  },
  {
    target: "./scripts",
    from: ["./tests/e2e", "./tests/unit"],
    message: "Scripts use the test kit (tests/support), not the specs.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "node_modules/**",
      "bench/**",
      "test-results/**",
      "playwright-report/**",
      ".cache/**",
      "tmp/**",
      "data/**",
      "reports/**",
      ".stryker-tmp/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver": { typescript: true, node: true },
    },
    rules: {
      // Matching control characters is the point of the request, redirect and e-mail rules.
      "no-control-regex": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import-x/no-duplicates": "error",
      "import-x/first": "error",
      "import-x/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", ["parent", "sibling", "index"]],
          pathGroups: [{ pattern: "~/**", group: "internal" }],
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "import-x/no-cycle": ["error", { maxDepth: 10 }],
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
    },
  },
  {
    // The house's own rules (eslint-rules.js), proved by tests/unit/lint/house-rules.test.ts.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { house },
    rules: { "house/transaction-immediate": "error", "house/ip-budget-key": "error" },
  },
  {
    files: ["server/**/*.ts"],
    plugins: { house },
    rules: { "house/server-own-paths": "error" },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/routes/**", "app/db/**", "app/root.tsx", "app/entry.server.tsx"],
    rules: {
      // Code that reaches the browser never imports server modules.
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["*.server", "**/*.server"], message: "Server modules stay out of browser code." },
          ],
        },
      ],
    },
  },
  ...folderRules,
  {
    files: ["tests/**/*.{ts,tsx}", "scripts/**/*.{ts,mjs}"],
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: testKitZones }],
    },
  },
  {
    files: ["tests/**", "scripts/**", "server/**", "*.config.*"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      // Playwright fixtures must destructure ({}) even when they use no other fixture.
      "no-empty-pattern": "off",
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
    },
  },
);
