import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { E2E_ENV } from "../support/env";
import { freePort } from "../support/server";
import { expect, test } from "./fixtures";

// Server-process behaviour, not a page: run once, in the "js" project.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "process test runs once");

async function startServer(extraEnv: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-proc-"));
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, ["build/server.js"], {
    env: {
      ...process.env,
      ...E2E_ENV,
      PORT: String(port),
      DATABASE_PATH: path.join(dir, "app.db"),
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return { child, port, dir, output: () => output };
}

test("production refuses to start without SESSION_SECRET and says what is missing", async () => {
  const { child, output, dir } = await startServer({ SESSION_SECRET: "", BOOKING_PASSWORD: "" });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code).toBe(1);
  expect(output()).toContain("SESSION_SECRET is required in production");
  expect(output()).toContain("BOOKING_PASSWORD is required in production");
  fs.rmSync(dir, { recursive: true, force: true });
});

test("SIGTERM stops accepting, lets the in-flight request finish, closes the database and exits 0", async () => {
  const { child, port, dir } = await startServer();
  const base = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await fetch(`${base}/healthcheck`).catch(() => null))?.status, { timeout: 20_000 })
    .toBe(200);
  // A request in flight when the signal arrives (its body still arriving) gets its answer.
  const body = "username=nobody&password=wrong-password";
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/admin/login",
        method: "POST",
        agent: false,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": body.length,
          Origin: base,
        },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.write(body.slice(0, 10));
    setTimeout(() => {
      child.kill("SIGTERM");
      setTimeout(() => req.end(body.slice(10)), 300);
    }, 300);
  });
  const response = await answer;
  expect(response.status).toBe(401);
  expect(response.text).toContain("Invalid credentials");
  // New connections are refused once shutdown began.
  await expect(fetch(`${base}/healthcheck`)).rejects.toThrow();
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code).toBe(0);
  // The database was closed cleanly: no WAL left to replay.
  const wal = path.join(dir, "app.db-wal");
  expect(!fs.existsSync(wal) || fs.statSync(wal).size === 0).toBe(true);
  fs.rmSync(dir, { recursive: true, force: true });
});

test("SIGTERM under steady keep-alive traffic still shuts down cleanly: exit 0, database closed", async () => {
  const { child, port, dir } = await startServer();
  const base = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await fetch(`${base}/healthcheck`).catch(() => null))?.status, { timeout: 20_000 })
    .toBe(200);
  // Eight clients reusing their connections back to back (fetch keeps them alive), as a busy
  // site does: without closing those connections the server would wait for them forever.
  let stop = false;
  let answered = 0;
  const clients = Array.from({ length: 8 }, async () => {
    while (!stop) {
      const res = await fetch(`${base}/healthcheck`).catch(() => null);
      if (res) {
        await res.arrayBuffer();
        answered++;
      } else await new Promise((r) => setTimeout(r, 20));
    }
  });
  await expect.poll(() => answered, { timeout: 10_000 }).toBeGreaterThan(50);
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  child.kill("SIGTERM");
  const code = await exited;
  stop = true;
  await Promise.all(clients);
  // 0 means every connection closed on its own (the 10 s fallback exits 1).
  expect(code).toBe(0);
  const wal = path.join(dir, "app.db-wal");
  expect(!fs.existsSync(wal) || fs.statSync(wal).size === 0).toBe(true);
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the production server runs React's production build: React's development files are never run", async () => {
  // What the server process has loaded, read from its module cache after it rendered a page.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "laugh-react-"));
  const preload = path.join(dir, "modules.cjs");
  const report = path.join(dir, "modules.json");
  fs.writeFileSync(
    preload,
    `process.on("SIGUSR2", () => require("fs").writeFileSync(${JSON.stringify(report)}, JSON.stringify(
      Object.entries(require.cache).filter(([file]) => /node_modules\\/react(-dom)?\\/cjs\\//.test(file))
        .map(([file, m]) => ({ file: file.replace(/^.*node_modules\\//, ""), ran: m.loaded }))
    )));`,
  );
  const port = await freePort();
  const child = spawn(process.execPath, ["--require", preload, "build/server.js"], {
    env: { ...process.env, ...E2E_ENV, PORT: String(port), DATABASE_PATH: path.join(dir, "app.db") },
    stdio: "ignore",
  });
  try {
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 30_000 },
      )
      .toBe(200);
    child.kill("SIGUSR2");
    await expect.poll(() => fs.existsSync(report), { timeout: 5_000 }).toBe(true);
    const modules: { file: string; ran: boolean }[] = JSON.parse(fs.readFileSync(report, "utf8"));
    const ran = modules.filter((m) => m.ran).map((m) => m.file);
    expect(ran).toEqual(
      expect.arrayContaining([
        "react/cjs/react.production.min.js",
        "react/cjs/react-jsx-runtime.production.min.js",
        "react-dom/cjs/react-dom-server.node.production.min.js",
      ]),
    );
    expect(ran.filter((file) => file.includes(".development."))).toEqual([]);
  } finally {
    child.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
