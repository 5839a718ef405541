// ESLint (flat config): typescript-eslint, React hooks, jsx-a11y, import order and cycles,
// and the layer rule of app/ (README, "Layout"): what each folder may import.
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
      "./app/db/seed.server.ts",
    ],
  },
  // Presentational React: lib and types only.
  {
    target: "./app/components",
    from: ["./app/routes", "./app/models", "./app/services", "./app/utils", "./app/features"],
  },
  // Plumbing (env, db, session, logging, headers): nothing above it. The one exception is the
  // session-to-staff boundary: auth (requireStaff) and start-up (the first staff account)
  // read the staff model.
  { target: "./app/utils", from: ["./app/routes", "./app/components", "./app/services", "./app/features"] },
  { target: "./app/utils", from: "./app/models", except: ["./staff.server.ts"] },
  // Queries and outside services: never routes, components or feature handlers.
  { target: "./app/models", from: ["./app/routes", "./app/components", "./app/services", "./app/features"] },
  { target: "./app/services", from: ["./app/routes", "./app/components", "./app/features"] },
  // Feature handlers serve routes; they never import a route.
  { target: "./app/features", from: ["./app/routes"] },
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
    message: "tests/ never imports scripts/: move what both need to tests/support.",
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
