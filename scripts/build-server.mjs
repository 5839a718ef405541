// Bundles server/index.ts (and the app modules it imports) to build/server.js.
// Packages stay external: they are installed next to the build.
import * as esbuild from "esbuild";

await esbuild.build({
  entryPoints: ["server/index.ts"],
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json",
  logLevel: "warning",
  banner: { js: "// Built by scripts/build-server.mjs: do not edit." },
});
