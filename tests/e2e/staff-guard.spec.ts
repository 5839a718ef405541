import crypto from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import type { DB } from "~/utils/db.server";
import { startSeededServer, type SeededServer } from "../support/server";
import { expect, test } from "./fixtures";

/**
 * Walks every staff route of the built app's route manifest (build/index.js) and checks,
 * without a session, that its page redirects to the login and its action is refused,
 * and that no table changed. It runs against its OWN server and database so other
 * specs' writes cannot blur the before/after comparison.
 */
const STAFF_PATH = /^\/(admin|debug|manage-comedians|test-delete|booking|results)(\/|$)/;
/**
 * Staff-area paths that are open by design: the login itself and its code step (which answers only
 * a sign-in half-way through and sends anyone else to the login: staff-admin.spec.ts), logout, and
 * the two shared-password gates.
 */
const OPEN_PATHS = new Set([
  "/admin/login",
  "/admin/login/code",
  "/admin/logout",
  "/booking",
  "/results",
  "/results/stream",
]);
/** A staff member's projector link (issue 37): open by design, its signature is the check (host-controls.spec.ts). */
const PROJECTOR_LINK = /^\/results\/projector\//;

type StaffRoute = { file: string; path: string; hasLoader: boolean; hasAction: boolean };
type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  module: { loader?: unknown; action?: unknown };
};

async function staffRoutes(sampleId: number): Promise<StaffRoute[]> {
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as {
    routes: Record<string, ManifestRoute>;
  };
  const fullPath = (route: ManifestRoute): string => {
    const parent = route.parentId ? build.routes[route.parentId] : undefined;
    const own = (route.path ?? "").split("/").filter(Boolean);
    return [...(parent ? fullPath(parent).split("/").filter(Boolean) : []), ...own].join("/");
  };
  return Object.values(build.routes)
    .map((route) => {
      const concrete = fullPath(route)
        .split("/")
        .map((s) => (s === "*" ? "anything" : s.startsWith(":") ? String(sampleId) : s))
        .join("/");
      return {
        file: route.id,
        path: `/${concrete}`,
        hasLoader: typeof route.module.loader === "function",
        hasAction: typeof route.module.action === "function",
      };
    })
    .filter((r) => STAFF_PATH.test(r.path) && !OPEN_PATHS.has(r.path) && !PROJECTOR_LINK.test(r.path));
}

/** A fingerprint of every table: its row count and a hash of all its rows. */
function snapshot(database: DB) {
  const tables = database.$client
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
    .all() as { name: string }[];
  return Object.fromEntries(
    tables.map(({ name }) => {
      const rows = database.$client.prepare(`select * from "${name}" order by rowid`).all();
      return [
        name,
        { rows: rows.length, hash: crypto.createHash("sha256").update(JSON.stringify(rows)).digest("hex") },
      ];
    }),
  );
}

let server: SeededServer | undefined;
let api: APIRequestContext;

test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name !== "js") return;
  server = await startSeededServer();
  api = await playwrightRequest.newContext({ baseURL: server.url, maxRedirects: 0 });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.close();
});

test("no staff page or staff action works without a session, and nothing in the database changes", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "HTTP only: runs once");
  const database = server!.database;
  const baseURL = server!.url;
  const sampleId = (database.$client.prepare("select min(id) as id from events").get() as { id: number }).id;
  const routes = await staffRoutes(sampleId);
  // The walk must really cover the dashboard, the event pages and the debug pages.
  expect(routes.map((r) => r.path)).toEqual(
    expect.arrayContaining([
      "/admin",
      "/admin/events/new",
      `/admin/events/${sampleId}`,
      `/admin/events/${sampleId}/archive`,
      `/admin/events/${sampleId}/sold-out`,
      "/debug",
      `/debug/${sampleId}`,
    ]),
  );

  const before = snapshot(database);
  const form = {
    title: "Intruder show",
    date: "2030-01-01",
    time: "19:00",
    venue: "Nowhere",
    ticketUrl: "https://example.com",
    soldOut: "true",
    intent: "load-url",
    sourceUrl: "https://example.com",
  };
  for (const route of routes) {
    if (route.hasLoader) {
      const res = await api.get(route.path);
      expect(res.status(), `GET ${route.path} (${route.file})`).toBeGreaterThanOrEqual(300);
      expect(res.status(), `GET ${route.path} (${route.file})`).toBeLessThan(400);
      expect(res.headers()["location"], `GET ${route.path}`).toMatch(/^\/admin\/login\?redirectTo=/);
    }
    if (route.hasAction) {
      // From this site (so the origin check passes and the session guard must refuse)...
      const sameSite = await api.post(route.path, { form, headers: { Origin: baseURL } });
      expect([401, 403], `POST ${route.path} (${route.file})`).toContain(sameSite.status());
      // ...and from another site (Remix 2.17 itself aborts cross-origin document posts
      // with a 500 before the action runs; either way it must be refused).
      const crossSite = await api.post(route.path, { form, headers: { Origin: "https://evil.example" } });
      expect(crossSite.status(), `cross-site POST ${route.path}`).toBe(403);
    }
  }
  expect(snapshot(database)).toEqual(before);
});
