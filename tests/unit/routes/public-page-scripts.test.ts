import fs from "node:fs";
import path from "node:path";
import { build, type Metafile, type Plugin } from "esbuild";
import { describe, expect, it } from "vitest";

/**
 * What the public pages' route modules put into the browser's scripts, bundled the way Remix's
 * compiler does it: only the exports the browser uses, `*.server` modules and the server
 * runtime empty, then tree-shaken. Zod (~80 KB compressed, all of it as soon as one schema sits
 * at a module's top level) is for the forms: a page that only imports a plain check (`parseId`,
 * `isWebUrl`) must not fetch it on a phone before its first paint.
 */
const ROOT = path.resolve(__dirname, "../../..");
const BROWSER_EXPORTS = ["default", "links", "meta", "handle", "ErrorBoundary", "shouldRevalidate"];

const serverOnlyIsEmpty: Plugin = {
  name: "server-only-is-empty",
  setup(b) {
    b.onResolve({ filter: /\.server(\.tsx?)?$|^@remix-run\/node$/ }, (args) => ({
      path: args.path,
      namespace: "empty",
    }));
    b.onResolve({ filter: /\.css$/ }, (args) => ({ path: args.path, namespace: "empty" }));
    b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "", loader: "js" }));
  },
};

const ROUTES = fs.readdirSync(path.join(ROOT, "app/routes")).filter((f) => /\.tsx?$/.test(f));

/** Each route module as the browser gets it: its browser exports only. */
const routeEntries: Plugin = {
  name: "route-entries",
  setup(b) {
    b.onResolve({ filter: /^route:/ }, (args) => ({ path: args.path.slice(6), namespace: "route" }));
    b.onLoad({ filter: /.*/, namespace: "route" }, async (args) => {
      // The module's exports as esbuild reads them (the compiler's view, not a pattern over text).
      const own = await build({
        entryPoints: [path.join(ROOT, "app/routes", args.path)],
        absWorkingDir: ROOT,
        outdir: "out",
        write: false,
        metafile: true,
        format: "esm",
        jsx: "automatic",
        logLevel: "silent",
      });
      const exported = new Set(Object.values(own.metafile.outputs).flatMap((o) => o.exports));
      const names = BROWSER_EXPORTS.filter((n) => exported.has(n));
      // A resource route (no component) has nothing for the browser.
      const contents = names.length ? `export { ${names.join(", ")} } from "./app/routes/${args.path}";` : "";
      return { contents, resolveDir: ROOT, loader: "ts" };
    });
  },
};

let bundle: Promise<Metafile> | null = null;

/** All routes at once with shared chunks, as Remix's compiler splits them (built once). */
function allRoutes() {
  bundle ??= build({
    entryPoints: Object.fromEntries(ROUTES.map((r) => [r, `route:${r}`])),
    absWorkingDir: ROOT,
    bundle: true,
    splitting: true,
    outdir: "out",
    write: false,
    metafile: true,
    format: "esm",
    platform: "browser",
    jsx: "automatic",
    logLevel: "silent",
    plugins: [routeEntries, serverOnlyIsEmpty],
  }).then((r) => r.metafile);
  return bundle;
}

/** The source files whose code a page's first scripts hold (lazy `import()` chunks left out). */
async function browserInputs(route: string) {
  const metafile = await allRoutes();
  const entry = Object.keys(metafile.outputs).find(
    (o) => metafile.outputs[o].entryPoint === `route:${route}`,
  )!;
  const loaded = new Set<string>();
  const visit = (output: string) => {
    if (loaded.has(output)) return;
    loaded.add(output);
    for (const i of metafile.outputs[output].imports) if (i.kind === "import-statement") visit(i.path);
  };
  visit(entry);
  return [...loaded].flatMap((o) => Object.keys(metafile.outputs[o].inputs));
}

describe("public pages' browser scripts", () => {
  for (const route of ["_index.tsx", "vote.tsx", "event.$id.tsx", "show.$slug.tsx", "calendar.tsx"]) {
    it(`${route} does not bring zod to the browser`, async () => {
      const inputs = await browserInputs(route);
      expect(inputs.some((i) => i.includes(`app/routes/${route}`))).toBe(true);
      expect(inputs.filter((i) => i.includes("node_modules/zod/"))).toEqual([]);
    }, 60_000);
  }
});
