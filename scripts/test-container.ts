/**
 * npm run test:container: the image, proven without a Docker engine.
 *
 * 1. The build context: every file under the project root that `.dockerignore` lets through
 *    (@balena/dockerignore, Docker's matching rules). Fails if anything that must stay out would be
 *    sent (node_modules, build output, data/, databases, .env, .git, test output) or if a file
 *    the build needs is left out.
 * 2. The deploy files agree: fly.toml's volume, port, signal; the Dockerfile's ENV/EXPOSE;
 *    deploy/litestream.yml and deploy/litefs.yml paths and the user they start the server as.
 * 3. The image, replayed: the Dockerfile is parsed (dockerfile-ast); its stages' COPY steps are
 *    carried out from the filtered context into a temporary directory standing for /app, its npm
 *    RUN steps (install, build, prune) are run there, and the final stage's COPY --from steps
 *    assemble the runtime directory. apt-get steps are skipped (system packages: this machine
 *    has them). Nothing comes from the project's own node_modules or build/.
 * 4. Starts, as root, ENTRYPOINT + CMD (or as the Dockerfile's USER, if it sets one), against a fresh
 *    root-owned directory standing for the Fly volume (root:root 0755 with lost+found), with
 *    fly.toml's [env] and production secrets; checks /healthcheck, who owns the database, that no
 *    process of the server's tree runs as root, and that SIGTERM stops it within fly.toml's
 *    kill_timeout with exit 0, the database closed (no -wal left) and migrated, with the first
 *    staff account. Then two restarts on the same volume: as root with root-owned leftovers of a
 *    root shell (the entrypoint hands them over), and started directly as the app user.
 *
 * Needs root (as in CI). The image's app user is `node`; where no such user exists (these
 * machines) the test uses `nobody` and tells the entrypoint so with APP_USER.
 *
 * Options (environment): CONTAINER_TEST_ROOT=DIR takes the Dockerfile, .dockerignore, fly.toml,
 * deploy/ and the context from DIR instead of this checkout (e.g. a `git archive` of another
 * branch); CONTAINER_TEST_KEEP=1 keeps the temporary directory; CONTAINER_TEST_KEEP_GOING=1 goes
 * on to build and start even when the context check failed.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import ignore from "@balena/dockerignore";
import Database from "better-sqlite3";
import { DockerfileParser, type Instruction } from "dockerfile-ast";
import { parse as parseToml } from "smol-toml";
import { parse as parseYaml } from "yaml";
import { startFakeS3 } from "../tests/fakes/s3";
import { LOAD_ENV } from "../tests/support/env";
import { freePort } from "../tests/support/server";

const HERE = path.dirname(url.fileURLToPath(import.meta.url));
const ROOT = path.resolve(process.env.CONTAINER_TEST_ROOT ?? path.join(HERE, ".."));
const KEEP = process.env.CONTAINER_TEST_KEEP === "1";
const KEEP_GOING = process.env.CONTAINER_TEST_KEEP_GOING === "1";
const NO_CACHE = process.env.CONTAINER_TEST_NO_CACHE === "1";
/**
 * The results of the Dockerfile's npm install step, the most recent LAYER_CACHE_ENTRIES of them
 * (a dev install is ~1 GB): checkouts that differ in package.json (branches, worktrees side by
 * side) each keep theirs instead of evicting each other's and installing again.
 */
const LAYER_CACHE = path.join(os.tmpdir(), "laugh-windsor-container-test-cache");
const LAYER_CACHE_ENTRIES = 3;
/** The image's WORKDIR and the volume's mount point stand for these directories here. */
const IMAGE_APP_USER = "node";

let passed = 0;
let failed = 0;
const t0 = Date.now();

function check(name: string, ok: boolean, detail = "") {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? "ok" : "not ok"} - ${name}${detail && !ok ? `: ${detail}` : ""}`);
  return ok;
}

function step(text: string) {
  console.log(`\n# ${text} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

function finish(): never {
  console.log(`\ncontainer: ${passed} passed, ${failed} failed (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  process.exit(failed ? 1 : 0);
}

// ---------------------------------------------------------------------------------------------
// The Dockerfile, as stages of instructions.

type Stage = { name: string | null; from: string; instructions: Instruction[] };

function readStages(file: string): Stage[] {
  const dockerfile = DockerfileParser.parse(fs.readFileSync(file, "utf8"));
  const stages: Stage[] = [];
  for (const instruction of dockerfile.getInstructions()) {
    if (instruction.getKeyword() === "FROM") {
      const args = instruction.getArguments().map((a) => a.getValue());
      const as = args.findIndex((a) => a.toUpperCase() === "AS");
      stages.push({ name: as >= 0 ? args[as + 1] : null, from: args[0], instructions: [] });
    } else if (stages.length) {
      stages[stages.length - 1].instructions.push(instruction);
    }
  }
  return stages;
}

function argsOf(instruction: Instruction) {
  return instruction.getArguments().map((a) => a.getValue());
}

function flagsOf(instruction: Instruction): Record<string, string> {
  const flags: Record<string, string> = {};
  const getFlags = (
    instruction as unknown as { getFlags?: () => { getName(): string; getValue(): string | null }[] }
  ).getFlags;
  for (const flag of getFlags?.call(instruction) ?? []) flags[flag.getName()] = flag.getValue() ?? "";
  return flags;
}

/** ENTRYPOINT/CMD in JSON (exec) form; the shell form would put /bin/sh between the platform and the server. */
function execForm(instruction: Instruction | undefined): string[] | null {
  if (!instruction) return null;
  try {
    const value = JSON.parse(instruction.getArgumentsContent() ?? "");
    return Array.isArray(value) && value.every((v) => typeof v === "string") ? value : null;
  } catch {
    return null;
  }
}

function envOf(instructions: Instruction[]) {
  const env: Record<string, string> = {};
  for (const instruction of instructions) {
    if (instruction.getKeyword() !== "ENV") continue;
    for (const pair of argsOf(instruction)) {
      const eq = pair.indexOf("=");
      if (eq > 0) env[pair.slice(0, eq)] = pair.slice(eq + 1).replace(/^"(.*)"$/, "$1");
    }
  }
  return env;
}

// ---------------------------------------------------------------------------------------------
// The build context.

function readDockerignore() {
  const file = path.join(ROOT, ".dockerignore");
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const patterns = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  return { exists: fs.existsSync(file), patterns, matcher: ignore().add(patterns) };
}

/** Every path Docker would send: directories it skips whole are pruned unless an exception could re-include something below them. */
function contextFiles(matcher: ReturnType<typeof ignore>, patterns: string[]) {
  const exceptions = patterns.filter((p) => p.startsWith("!")).map((p) => p.slice(1).replace(/^\/+/, ""));
  const files: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        const prunable = !exceptions.some((e) => e.startsWith(`${child}/`) || /^[*?[]/.test(e));
        if (matcher.ignores(child) && prunable) continue;
        walk(child);
      } else if (!matcher.ignores(child)) {
        files.push(child);
      }
    }
  };
  walk("");
  return files;
}

/** Paths that must never reach the image, whether or not they exist in this checkout. */
const MUST_STAY_OUT = [
  "node_modules/better-sqlite3/build/Release/better_sqlite3.node",
  "node_modules/.bin/remix",
  "app/node_modules/x.js",
  "build/server.js",
  "build/index.js",
  "public/build/entry.client-ABC.js",
  ".cache/x",
  "data/app.db",
  "data/backups/app-2026-01-01.db",
  "app.db",
  "dev.db",
  "data.db-wal",
  "data.db-shm",
  "tests/fixtures/scratch.db",
  ".env",
  ".env.production",
  ".git/HEAD",
  ".git",
  "test-results/x/trace.zip",
  "playwright-report/index.html",
  "blob-report/x.zip",
  "bench/tmp/run.json",
  "tmp/x",
];

/** What the image build reads from the context. */
const MUST_BE_SENT = [
  "package.json",
  "package-lock.json",
  "remix.config.js",
  "remix.env.d.ts",
  "tsconfig.json",
  "server/index.ts",
  "scripts/build-server.mjs",
  "scripts/precompress.mjs",
  "app/root.tsx",
  "drizzle/meta/_journal.json",
  "public/favicon.svg",
  "deploy/docker-entrypoint.sh",
  "deploy/litestream.yml",
  "deploy/litefs.yml",
];

const FORBIDDEN_SENT =
  /(^|\/)node_modules\/|^build\/|^public\/build\/|^\.cache\/|^data\/|\.(db|sqlite3?)(-journal|-wal|-shm)?$|(^|\/)\.env($|\.)|^\.git(\/|$)|^(test-results|playwright-report|blob-report|tmp|bench\/tmp)\//;

function hashTree(hash: crypto.Hash, file: string) {
  const st = fs.lstatSync(file);
  if (st.isDirectory()) {
    for (const name of fs.readdirSync(file).sort()) hashTree(hash, path.join(file, name));
  } else {
    hash.update(`${path.basename(file)} ${st.mode} `);
    hash.update(st.isSymbolicLink() ? fs.readlinkSync(file) : fs.readFileSync(file));
  }
}

// ---------------------------------------------------------------------------------------------
// Users and processes.

function lookupUser(name: string) {
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.split(":")[0] === name);
  if (!line) return null;
  const [, , uid, gid, , home] = line.split(":");
  return { name, uid: Number(uid), gid: Number(gid), home };
}

type Proc = { pid: number; ppid: number; uids: number[]; capEff: string; rss: string; cmd: string };

function processTable(): Proc[] {
  const procs: Proc[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = fs.readFileSync(`/proc/${entry}/status`, "utf8");
      const field = (key: string) => status.match(new RegExp(`^${key}:\\s*(.*)$`, "m"))?.[1] ?? "";
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
      procs.push({
        pid: Number(entry),
        ppid: Number(field("PPid")),
        uids: field("Uid").split(/\s+/).map(Number),
        capEff: field("CapEff"),
        rss: field("VmRSS").replace(/\s+/g, " "),
        cmd,
      });
    } catch {
      // gone meanwhile
    }
  }
  return procs;
}

function treeOf(rootPid: number): Proc[] {
  const all = processTable();
  const tree: Proc[] = [];
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.shift()!;
    const proc = all.find((p) => p.pid === pid);
    if (!proc) continue;
    tree.push(proc);
    for (const child of all.filter((p) => p.ppid === pid)) queue.push(child.pid);
  }
  return tree;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function parseDuration(value: unknown, fallbackMs: number) {
  const m = String(value ?? "").match(/^(\d+(?:\.\d+)?)(ms|s|m)?$/);
  if (!m) return fallbackMs;
  const n = Number(m[1]);
  return m[2] === "ms" ? n : m[2] === "m" ? n * 60_000 : n * 1000;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  console.log(`# container test of ${ROOT}`);
  if (process.getuid?.() !== 0) {
    console.log(
      "# skipped: this test starts the image's entrypoint as root, the way the platform does (run it as root, as CI does)",
    );
    console.log("\ncontainer: 0 passed, 0 failed, 1 skipped");
    return;
  }

  // -- The build context -------------------------------------------------------------------
  step("build context filtered by .dockerignore");
  const { exists, patterns, matcher } = readDockerignore();
  check(".dockerignore exists", exists);
  const leaks = MUST_STAY_OUT.filter((p) => !matcher.ignores(p));
  check(
    "node_modules, build output, data/, databases, .env, .git and test output are kept out",
    leaks.length === 0,
    leaks.join(", "),
  );
  const missing = MUST_BE_SENT.filter((p) => matcher.ignores(p) || !fs.existsSync(path.join(ROOT, p)));
  check("the files the build needs are sent", missing.length === 0, missing.join(", "));
  const files = contextFiles(matcher, patterns);
  const sentBadly = files.filter((f) => FORBIDDEN_SENT.test(f));
  const bytes = files.reduce((sum, f) => sum + fs.lstatSync(path.join(ROOT, f)).size, 0);
  check(
    `this checkout's context holds nothing that must stay out (${files.length} files, ${(bytes / 1e6).toFixed(1)} MB)`,
    sentBadly.length === 0,
    `${sentBadly.length} such files, e.g. ${sentBadly.slice(0, 5).join(", ")}`,
  );
  const contextOk = failed === 0;

  // -- The deploy files agree --------------------------------------------------------------
  step("fly.toml, Dockerfile and deploy/ agree");
  const stages = readStages(path.join(ROOT, "Dockerfile"));
  const final = stages[stages.length - 1];
  const chain = (stage: Stage): Stage[] => {
    const parent = stages.find((s) => s.name === stage.from && s !== stage);
    return parent ? [...chain(parent), stage] : [stage];
  };
  const imageEnv = envOf(chain(final).flatMap((s) => s.instructions));
  const last = (keyword: string) => [...final.instructions].reverse().find((i) => i.getKeyword() === keyword);
  const entrypoint = execForm(last("ENTRYPOINT")) ?? [];
  const cmd = execForm(last("CMD"));
  const imageUser = last("USER") ? argsOf(last("USER")!)[0] : null;
  const exposed = last("EXPOSE") ? argsOf(last("EXPOSE")!)[0] : null;
  const workdir = argsOf(
    [...chain(final).flatMap((s) => s.instructions)].reverse().find((i) => i.getKeyword() === "WORKDIR")!,
  )[0];

  const fly = parseToml(fs.readFileSync(path.join(ROOT, "fly.toml"), "utf8")) as Record<string, any>;
  const mounts = Array.isArray(fly.mounts) ? fly.mounts[0] : fly.mounts;
  const volume: string = mounts?.destination ?? "";
  const dbPath = imageEnv.DATABASE_PATH ?? "";
  const killTimeoutMs = parseDuration(fly.kill_timeout, 5000);
  const dockerfileText = fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
  const nodeFroms = stages.filter((st) => /^node:/.test(st.from));
  check(
    "the Node.js major is one build argument (ARG NODE_MAJOR before the first FROM, used by every node: base)",
    /^ARG NODE_MAJOR=\d+$/m.test(dockerfileText.split(/^FROM /m)[0]) &&
      nodeFroms.length > 0 &&
      nodeFroms.every((st) => st.from.startsWith("node:${NODE_MAJOR}-")),
    nodeFroms.map((st) => st.from).join(", "),
  );
  check(
    "CMD is in exec form (no shell between the platform and the server)",
    cmd !== null,
    last("CMD")?.getArgumentsContent() ?? "no CMD",
  );
  if (cmd?.[0] === "node") {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    const flags = cmd
      .slice(1)
      .filter((a) => a.startsWith("--"))
      .join(" ");
    check(
      "CMD runs node with package.json's config.nodeFlags (the heap and GC flags of npm start)",
      flags === (pkg.config?.nodeFlags ?? ""),
      `${flags} vs ${pkg.config?.nodeFlags}`,
    );
  }
  for (const name of ["MALLOC_ARENA_MAX", "MALLOC_MMAP_THRESHOLD_"] as const) {
    check(
      `the load scripts run with the image's ${name} (the memory the bench reports is production's)`,
      imageEnv[name] !== undefined && imageEnv[name] === LOAD_ENV[name],
      `${imageEnv[name]} vs ${LOAD_ENV[name]}`,
    );
  }
  check(
    "fly.toml stops the machine with SIGTERM",
    (fly.kill_signal ?? "SIGINT") === "SIGTERM",
    String(fly.kill_signal),
  );
  check(
    "the database is on the volume (Dockerfile DATABASE_PATH under fly.toml [mounts])",
    !!volume && path.dirname(dbPath) === volume,
    `${dbPath} vs ${volume}`,
  );
  check(
    "fly.toml [env] DATABASE_PATH matches the Dockerfile's",
    (fly.env?.DATABASE_PATH ?? dbPath) === dbPath,
    fly.env?.DATABASE_PATH,
  );
  const port = String(fly.http_service?.internal_port ?? "");
  check(
    "one port everywhere (fly internal_port, [env] PORT, Dockerfile PORT and EXPOSE)",
    [fly.env?.PORT ?? port, imageEnv.PORT, exposed].every((p) => String(p) === port),
    `${port} ${fly.env?.PORT} ${imageEnv.PORT} ${exposed}`,
  );

  const litestream = parseYaml(fs.readFileSync(path.join(ROOT, "deploy/litestream.yml"), "utf8")) as any;
  const entrypointText = fs.readFileSync(path.join(ROOT, "deploy/docker-entrypoint.sh"), "utf8");
  check(
    "deploy/litestream.yml replicates the database the app uses (DATABASE_PATH, exported by the entrypoint)",
    litestream?.dbs?.[0]?.path === "${DATABASE_PATH}" && /export [^\n]*DATABASE_PATH=/.test(entrypointText),
    litestream?.dbs?.[0]?.path,
  );
  const litefs = parseYaml(fs.readFileSync(path.join(ROOT, "deploy/litefs.yml"), "utf8")) as any;
  const litefsExec = (litefs?.exec ?? []).at(-1) ?? {};
  const litefsDb = litefsExec.env?.DATABASE_PATH ?? "";
  const entry = entrypoint[0] ?? "(no ENTRYPOINT)";
  check(
    "deploy/litefs.yml keeps its data on the volume",
    String(litefs?.data?.dir ?? "").startsWith(`${volume}/`),
    litefs?.data?.dir,
  );
  check(
    "deploy/litefs.yml's app database is in its FUSE mount, named as its proxy says",
    path.dirname(litefsDb) === litefs?.fuse?.dir && path.basename(litefsDb) === litefs?.proxy?.db,
    `${litefsDb} ${litefs?.fuse?.dir} ${litefs?.proxy?.db}`,
  );
  check(
    "deploy/litefs.yml lets the unprivileged server into the FUSE mount (allow-other)",
    litefs?.fuse?.["allow-other"] === true,
  );
  check(
    "deploy/litefs.yml starts the server through the entrypoint, as the CMD does",
    String(litefsExec.cmd ?? "") === [entry, ...(cmd ?? [])].join(" "),
    litefsExec.cmd,
  );
  check(
    "deploy/litefs.yml: Fly's port goes to the proxy, the proxy to the server's PORT",
    String(litefs?.proxy?.addr) === `:${port}` &&
      String(litefs?.proxy?.target).endsWith(`:${litefsExec.env?.PORT}`),
    `${litefs?.proxy?.addr} -> ${litefs?.proxy?.target}, PORT=${litefsExec.env?.PORT}`,
  );
  check(
    "the entrypoint runs the server under `litestream replicate -config deploy/litestream.yml -exec` when a bucket is set",
    /replicate -config "\$config" -exec/.test(entrypointText) &&
      entrypointText.includes("deploy/litestream.yml"),
  );
  if (entry.startsWith(`${workdir}/`)) {
    const rel = entry.slice(workdir.length + 1);
    const mode = spawnSync("git", ["ls-files", "-s", "--", rel], {
      cwd: ROOT,
      encoding: "utf8",
    }).stdout.split(" ")[0];
    const onDisk = fs.existsSync(path.join(ROOT, rel)) ? fs.statSync(path.join(ROOT, rel)).mode & 0o111 : 0;
    check(
      "the entrypoint is executable in git and on disk",
      (mode === "" || mode === "100755") && onDisk !== 0,
      `git ${mode || "(not a git checkout)"}, disk ${onDisk.toString(8)}`,
    );
  }

  if (!contextOk && !KEEP_GOING) {
    console.log("# the context check failed: not building (CONTAINER_TEST_KEEP_GOING=1 builds anyway)");
    finish();
  }

  // -- Replay the image ------------------------------------------------------------------
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "container-test-"));
  fs.chmodSync(tmp, 0o755);
  const cleanup: Array<() => void> = [];
  process.on("exit", () => {
    for (const c of cleanup) c();
    if (!KEEP) fs.rmSync(tmp, { recursive: true, force: true });
    else console.log(`# kept ${tmp}`);
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => process.exit(130));
  const context = path.join(tmp, "context");
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(context, f)), { recursive: true });
    fs.cpSync(path.join(ROOT, f), path.join(context, f), {
      verbatimSymlinks: true,
      preserveTimestamps: true,
    });
  }

  // Each stage's /app is a directory; a stage built FROM an earlier one takes over its directory.
  const stageDirs = new Map<Stage, string>();
  const hostEnv = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/root" };
  const resolveIn = (dir: string, target: string) =>
    target.startsWith("/") ? path.join(dir, path.relative(workdir, target)) : path.join(dir, target);
  // Docker's COPY: a directory's contents go into the destination; a file goes to the destination,
  // or into it when it ends with "/" or there are several sources. Sources in another stage that no
  // other COPY reads are moved rather than copied (that stage's directory is dropped afterwards).
  const fromRefs = stages.flatMap((st) =>
    st.instructions
      .filter((i) => i.getKeyword() === "COPY" && flagsOf(i).from)
      .flatMap((i) =>
        argsOf(i)
          .slice(0, -1)
          .map((source) => `${flagsOf(i).from}:${path.posix.normalize(source)}`),
      ),
  );
  const readOnce = (from: string, source: string) => {
    const key = `${from}:${path.posix.normalize(source)}`;
    return (
      fromRefs.filter((r) => r === key || r.startsWith(`${key}/`) || key.startsWith(`${r}/`)).length === 1
    );
  };
  const copyInto = (src: string, dest: string, many: boolean, move: boolean) => {
    const isDir = fs.statSync(src).isDirectory();
    const target = !isDir && (many || dest.endsWith("/")) ? path.join(dest, path.basename(src)) : dest;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (move && !fs.existsSync(target)) fs.renameSync(src, target);
    else fs.cpSync(src, target, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
  };
  let ok = true;
  const npmVersion = spawnSync("npm", ["--version"], { encoding: "utf8" }).stdout.trim();
  const layers = new Map<Stage, crypto.Hash>();
  for (const [index, stage] of stages.entries()) {
    const parent = stages.find((s) => s.name === stage.from && stages.indexOf(s) < index);
    const dir = path.join(tmp, `stage-${index}${stage.name ? `-${stage.name}` : ""}`);
    if (parent && fs.readdirSync(stageDirs.get(parent)!).length) fs.renameSync(stageDirs.get(parent)!, dir);
    else fs.mkdirSync(dir, { mode: 0o755 });
    stageDirs.set(stage, dir);
    const env = envOf(chain(stage).flatMap((s) => s.instructions));
    const layer = parent
      ? layers.get(parent)!.copy()
      : crypto
          .createHash("sha256")
          .update(`${process.version} ${npmVersion} ${process.platform} ${process.arch} ${stage.from}`);
    layers.set(stage, layer);
    step(`stage ${stage.name ?? "(final)"} FROM ${stage.from} in ${dir}`);
    for (const instruction of stage.instructions) {
      const keyword = instruction.getKeyword();
      const text = instruction.getArgumentsContent() ?? "";
      layer.update(`${keyword} ${text}\n`);
      if (keyword === "COPY" || keyword === "ADD") {
        const from = flagsOf(instruction).from;
        const args = argsOf(instruction);
        const dest = resolveIn(dir, args[args.length - 1]) + (args[args.length - 1].endsWith("/") ? "/" : "");
        const sources = args.slice(0, -1);
        const fromStage = from ? stages.find((s) => s.name === from) : undefined;
        if (from && !fromStage) throw new Error(`COPY --from=${from}: not a stage of this Dockerfile`);
        const base = fromStage ? stageDirs.get(fromStage)! : context;
        for (const source of sources) {
          const src = fromStage ? resolveIn(base, source) : path.join(base, source);
          if (!fs.existsSync(src)) {
            ok = check(`${keyword} ${text}`, false, `${source} does not exist`) && ok;
            continue;
          }
          if (!fromStage) hashTree(layer, src);
          copyInto(src, dest, sources.length > 1, !!fromStage && readOnce(from, source));
        }
        console.log(`  ${keyword}${from ? ` --from=${from}` : ""} ${text}`);
      } else if (keyword === "RUN") {
        if (!/^(npm|npx|node)\b/.test(text)) {
          console.log(`  skipped (system step, this machine has the packages): RUN ${text.slice(0, 90)}`);
          continue;
        }
        // Docker's layer cache, for the slow install step only: reused when everything that led
        // to it (base, instructions, the copied package files, node and npm versions) is the same.
        const key = layer.copy().digest("hex").slice(0, 16);
        const cached = path.join(LAYER_CACHE, key);
        if (/^npm (install|ci)\b/.test(text) && !NO_CACHE && fs.existsSync(path.join(cached, ".complete"))) {
          fs.rmSync(dir, { recursive: true, force: true });
          // Hard links: the later steps (build, prune) add and remove files, they do not rewrite them.
          execFileSync("cp", ["-al", cached, dir]);
          fs.rmSync(path.join(dir, ".complete"));
          fs.utimesSync(cached, new Date(), new Date());
          console.log(
            `  RUN ${text}: reused from the layer cache ${cached} (same inputs as an earlier run; CONTAINER_TEST_NO_CACHE=1 runs it)`,
          );
          continue;
        }
        console.log(`  RUN ${text}`);
        const started = Date.now();
        const run = spawnSync("sh", ["-c", text], {
          cwd: dir,
          env: { ...hostEnv, ...env } as unknown as NodeJS.ProcessEnv,
          encoding: "utf8",
          maxBuffer: 64 * 1024 * 1024,
        });
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        if (
          !check(
            `RUN ${text} (${seconds} s)`,
            run.status === 0,
            `exit ${run.status}\n${(run.stdout + run.stderr).slice(-3000)}`,
          )
        ) {
          ok = false;
          break;
        }
        if (/^npm (install|ci)\b/.test(text)) {
          fs.mkdirSync(LAYER_CACHE, { recursive: true });
          const entries = fs
            .readdirSync(LAYER_CACHE)
            .map((name) => path.join(LAYER_CACHE, name))
            .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
          for (const old of [cached, ...entries.slice(LAYER_CACHE_ENTRIES - 1)])
            fs.rmSync(old, { recursive: true, force: true });
          execFileSync("cp", ["-al", dir, cached]);
          fs.writeFileSync(path.join(cached, ".complete"), "");
        }
      } else if (
        !["ENV", "WORKDIR", "EXPOSE", "ENTRYPOINT", "CMD", "USER", "ARG", "LABEL"].includes(keyword)
      ) {
        console.log(`  not replayed: ${keyword} ${text}`);
      }
    }
    if (!ok) finish();
  }
  const appDir = stageDirs.get(final)!;
  for (const [stage, dir] of stageDirs)
    if (stage !== final && fs.existsSync(dir)) fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(context, { recursive: true, force: true });
  check(
    "the image has the Linux better-sqlite3 it built, not the host's",
    fs.existsSync(path.join(appDir, "node_modules/better-sqlite3/build/Release/better_sqlite3.node")),
  );
  check(
    "the image's packages carry the project's patches (patches/, applied by npm's postinstall)",
    fs
      .readFileSync(path.join(appDir, "node_modules/@remix-run/router/dist/router.cjs.js"), "utf8")
      .includes("branchesByRoutes"),
  );
  check(
    "the image has no dev dependencies (npm prune ran)",
    !fs.existsSync(path.join(appDir, "node_modules/@remix-run/dev")),
  );

  // -- Start it like the platform does -------------------------------------------------------
  const appUser = lookupUser(IMAGE_APP_USER) ?? lookupUser("nobody");
  if (!appUser) throw new Error("no `node` or `nobody` user on this machine");
  const volumeDir = path.join(tmp, "volume");
  fs.mkdirSync(path.join(volumeDir, "lost+found"), { recursive: true, mode: 0o700 });
  fs.chownSync(volumeDir, 0, 0);
  fs.chmodSync(volumeDir, 0o755);
  const dbFile = path.join(volumeDir, path.relative(volume, dbPath));
  const secrets = {
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
    BOOKING_PASSWORD: "container-booking",
    RESULTS_PASSWORD: "container-results",
    ADMIN_USERNAME: "firststaff",
    ADMIN_PASSWORD: "container-admin-password",
  };
  const mapPath = (p: string) =>
    p === volume || p.startsWith(`${volume}/`) ? path.join(volumeDir, path.relative(volume, p)) : p;
  const toHere = (arg: string) =>
    arg.startsWith(`${workdir}/`) ? path.join(appDir, path.relative(workdir, arg)) : arg;
  const argv = [...entrypoint, ...(cmd ?? [])].map(toHere);
  console.log(`# app user here: ${appUser.name} (uid ${appUser.uid}); the image's is ${IMAGE_APP_USER}`);

  type Run = {
    child: ChildProcess;
    log: () => string;
    exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  };
  const start = async (
    asUser: { uid: number; gid: number; home: string; name: string } | null,
    label: string,
    extraEnv: Record<string, string> = {},
  ) => {
    const httpPort = await freePort();
    const env: Record<string, string> = {
      PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
      HOME: asUser ? asUser.home : "/root",
      ...imageEnv,
      ...Object.fromEntries(Object.entries(fly.env ?? {}).map(([k, v]) => [k, String(v)])),
      ...secrets,
      PORT: String(httpPort),
      DATABASE_PATH: mapPath(fly.env?.DATABASE_PATH ?? dbPath),
      // fly.toml's scraper port, moved to a free one (other runs on this machine may hold 9091).
      ...(fly.env?.METRICS_PORT ? { METRICS_PORT: String(await freePort()) } : {}),
      ...extraEnv,
    };
    if (appUser.name !== IMAGE_APP_USER) env.APP_USER = appUser.name;
    const [command, ...args] = asUser
      ? ["setpriv", `--reuid=${asUser.uid}`, `--regid=${asUser.gid}`, "--init-groups", "--", ...argv]
      : argv;
    console.log(
      `# ${label}: ${asUser ? `as ${asUser.name}: ` : "as root: "}${argv.join(" ")} (port ${httpPort})`,
    );
    const child = spawn(command, args, {
      cwd: appDir,
      env: env as unknown as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    child.stdout!.on("data", (d: Buffer) => (output += d));
    child.stderr!.on("data", (d: Buffer) => (output += d));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
      (resolve) => child.on("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
    cleanup.push(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    });
    const run: Run = { child, log: () => output, exited };
    let healthy = false;
    let status = "no answer";
    const deadline = Date.now() + 60_000;
    let done = false;
    void exited.then(() => (done = true));
    while (!healthy && !done && Date.now() < deadline) {
      try {
        const res = await fetch(`http://127.0.0.1:${httpPort}/healthcheck`, {
          signal: AbortSignal.timeout(2000),
        });
        status = `${res.status} ${(await res.text()).slice(0, 80)}`;
        healthy = res.status === 200;
      } catch {
        // not listening yet
      }
      if (!healthy) await sleep(250);
    }
    check(
      `${label}: /healthcheck answers 200`,
      healthy,
      `${done ? "the process exited" : status}\n${indent(output.slice(-2500))}`,
    );
    return { run, healthy };
  };

  // With Litestream the WAL may stay: its own connection closes last, and the WAL is what it ships
  // (SQLite recovers it at the next open; the restore and integrity checks cover the data).
  const stop = async (run: Run, label: string, walMayStay = false) => {
    const tree = treeOf(run.child.pid!);
    const sentAt = Date.now();
    try {
      process.kill(run.child.pid!, "SIGTERM");
    } catch {
      // already exited
    }
    const result = await Promise.race([run.exited, sleep(killTimeoutMs).then(() => null)]);
    const ms = result ? result.at - sentAt : null;
    check(
      `${label}: SIGTERM stops it within fly.toml's kill_timeout (${killTimeoutMs / 1000} s) with exit 0`,
      result !== null && result.code === 0,
      result ? `exit ${result.code} signal ${result.signal} after ${ms} ms` : "still running",
    );
    if (result) console.log(`#   stopped ${ms} ms after SIGTERM`);
    await sleep(200);
    const alive = tree.filter(
      (p) =>
        fs.existsSync(`/proc/${p.pid}`) && processTable().some((q) => q.pid === p.pid && q.cmd === p.cmd),
    );
    check(
      `${label}: no process of the server's tree is left behind`,
      alive.length === 0,
      alive.map((p) => `${p.pid} ${p.cmd}`).join("; "),
    );
    check(
      `${label}: the server logged a clean stop (database closed)`,
      /"msg":"stopped"/.test(run.log()),
      indent(run.log().slice(-1500)),
    );
    if (!walMayStay)
      check(
        `${label}: no -wal left beside the database (closed, checkpointed)`,
        !fs.existsSync(`${dbFile}-wal`),
      );
    // Whatever survived (a failed stop) must not hold the database during the next start.
    killTree(run, alive);
    await sleep(alive.length ? 300 : 0);
  };

  const killTree = (run: Run, extra: Proc[] = treeOf(run.child.pid!)) => {
    for (const pid of [-run.child.pid!, ...extra.map((p) => p.pid)]) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone
      }
    }
  };

  const ownership = (label: string) => {
    const exists = fs.existsSync(dbFile);
    check(`${label}: the database file was created on the volume`, exists, dbFile);
    if (exists) {
      const st = fs.statSync(dbFile);
      check(`${label}: the database is owned by the app user`, st.uid === appUser.uid, `uid ${st.uid}`);
    }
    const wrong = fs
      .readdirSync(volumeDir)
      .filter((f) => f !== "lost+found")
      .filter((f) => fs.lstatSync(path.join(volumeDir, f)).uid !== appUser.uid);
    check(
      `${label}: everything the app has on the volume is the app user's`,
      fs.statSync(volumeDir).uid === appUser.uid && wrong.length === 0,
      `volume uid ${fs.statSync(volumeDir).uid}; ${wrong.join(", ")}`,
    );
  };

  const processes = (run: Run, label: string, under: "platform" | "litestream" = "platform") => {
    const tree = treeOf(run.child.pid!);
    for (const p of tree)
      console.log(
        `#   pid ${p.pid} uid ${p.uids.join("/")} CapEff ${p.capEff} RSS ${p.rss} ${p.cmd.slice(0, 100)}`,
      );
    const server = tree.find(
      (p) =>
        /\bbuild\/server\.js\b/.test(p.cmd) &&
        /\bnode\b/.test(p.cmd) &&
        !/npm|cross-env|litestream/.test(p.cmd),
    );
    check(`${label}: the server process (node build/server.js) is in the tree`, !!server);
    // The entrypoint and setpriv exec: the process the platform started (PID 1 in a container) is
    // the server itself, so the platform's SIGTERM reaches it with nothing in between.
    const started = tree.find((p) => p.pid === run.child.pid);
    if (under === "platform") {
      check(
        `${label}: the process the platform started is the server itself`,
        !!server && server.pid === run.child.pid,
        tree.map((p) => p.cmd.slice(0, 60)).join(" -> "),
      );
      check(`${label}: no Litestream runs`, !tree.some((p) => /litestream/.test(p.cmd)));
    } else {
      // Issue 38: Litestream is what the platform started (it passes SIGTERM on), the server its child.
      check(
        `${label}: the process the platform started is Litestream (replicate -exec), the server its child`,
        !!server && /litestream replicate/.test(started?.cmd ?? "") && server.ppid === run.child.pid,
        tree.map((p) => `${p.pid}<${p.ppid} ${p.cmd.slice(0, 60)}`).join(" -> "),
      );
    }
    const root = tree.filter((p) => p.uids.some((u) => u === 0) || !/^0+$/.test(p.capEff));
    check(
      `${label}: no process of the server's tree runs as root or keeps capabilities`,
      tree.length > 0 && root.length === 0,
      root.map((p) => `${p.pid} uid ${p.uids.join("/")} cap ${p.capEff} ${p.cmd}`).join("; "),
    );
  };

  // 1. A fresh, root-owned volume, started as the image says (root + entrypoint, or its USER).
  const imageUserHere = imageUser ? (imageUser === IMAGE_APP_USER ? appUser : lookupUser(imageUser)) : null;
  if (imageUser)
    console.log(`# the Dockerfile sets USER ${imageUser}: the platform starts the container as that user`);
  step("first start on a fresh root-owned volume");
  const first = await start(imageUserHere, "fresh volume");
  if (first.healthy) {
    ownership("fresh volume");
    processes(first.run, "fresh volume");
    await stop(first.run, "fresh volume");
    // Migrated, first staff account, intact.
    const database = new Database(dbFile, { readonly: true });
    try {
      const journal = JSON.parse(fs.readFileSync(path.join(appDir, "drizzle/meta/_journal.json"), "utf8"));
      const applied = database.prepare("select count(*) as n from __drizzle_migrations").get() as {
        n: number;
      };
      check(
        "migrations ran at start",
        applied.n === journal.entries.length,
        `${applied.n} of ${journal.entries.length}`,
      );
      const staff = database.prepare("select username from staff_users").all() as { username: string }[];
      check(
        "the first staff account was created at start",
        staff.some((s) => s.username === secrets.ADMIN_USERNAME),
        JSON.stringify(staff),
      );
      check(
        "the database passes integrity_check",
        database.pragma("integrity_check", { simple: true }) === "ok",
      );
    } finally {
      database.close();
    }
  } else {
    killTree(first.run);
    finish();
  }

  // 2. Restart as root after a root shell left files behind (`fly ssh console`, then a script).
  step("restart as root after a root shell left root-owned files on the volume");
  // `npm run db:restore` or `sqlite3` run as root leave root-owned files: the server could not write.
  fs.copyFileSync(dbFile, path.join(volumeDir, "backup-by-root.db"));
  fs.chownSync(path.join(volumeDir, "backup-by-root.db"), 0, 0);
  fs.chownSync(dbFile, 0, 0);
  if (!imageUser) {
    const second = await start(null, "restart over root-owned files");
    if (second.healthy) {
      ownership("restart over root-owned files");
      await stop(second.run, "restart over root-owned files");
    } else killTree(second.run);

    // 3. Started directly as the app user (docker run --user node): the entrypoint just runs the command.
    step("restart started directly as the app user");
    const third = await start(appUser, "started as the app user");
    if (third.healthy) {
      processes(third.run, "started as the app user");
      check(
        "without BUCKET_NAME the entrypoint says once that nothing is replicated off-site",
        third.run.log().split("BUCKET_NAME is not set").length === 2,
        indent(third.run.log().slice(0, 800)),
      );
      await stop(third.run, "started as the app user");
    } else killTree(third.run);

    // 4. Issue 38: with a bucket (an S3-compatible fake on loopback), Litestream replicates.
    step("with a bucket: the entrypoint starts Litestream around the server");
    const s3 = await startFakeS3({ bucket: "container-test" });
    cleanup.push(() => void s3.close());
    const bucketEnv = { ...s3.env, LITESTREAM_ADDR: `127.0.0.1:${await freePort()}` };
    const fourth = await start(null, "with a bucket", bucketEnv);
    if (fourth.healthy) {
      processes(fourth.run, "with a bucket", "litestream");
      let replicated = false;
      for (let i = 0; i < 40 && !replicated; i++) {
        replicated = s3.keys("litestream/app.db/generations/").some((k) => k.includes("/wal/"));
        if (!replicated) await sleep(250);
      }
      check(
        "with a bucket: the database reaches the bucket (a generation with WAL segments)",
        replicated,
        s3.keys().join(", "),
      );
      await stop(fourth.run, "with a bucket", true);
    } else killTree(fourth.run);

    // 5. The volume lost: a fresh one, the same bucket; the entrypoint restores before the server starts.
    step("an empty volume with a bucket: restored from it before the server starts");
    for (const f of fs.readdirSync(volumeDir))
      if (f !== "lost+found") fs.rmSync(path.join(volumeDir, f), { recursive: true });
    fs.chownSync(volumeDir, 0, 0);
    const fifth = await start(null, "empty volume, bucket", bucketEnv);
    if (fifth.healthy) {
      check(
        "empty volume, bucket: the entrypoint restored the database from the bucket (integrity ok)",
        /Restored .* from bucket container-test .*integrity ok/.test(fifth.run.log()),
        indent(fifth.run.log().slice(0, 1500)),
      );
      ownership("empty volume, bucket");
      await stop(fifth.run, "empty volume, bucket", true);
      const restored = new Database(dbFile, { readonly: true });
      check(
        "empty volume, bucket: the database passes integrity_check after the stop",
        restored.pragma("integrity_check", { simple: true }) === "ok",
      );
      restored.close();
    } else killTree(fifth.run);
    await s3.close();
  }
  finish();
}

function indent(text: string) {
  return text
    .split("\n")
    .map((l) => `    ${l}`)
    .join("\n");
}

main().catch((error) => {
  console.error(error);
  failed++;
  finish();
});
