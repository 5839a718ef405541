import { eq, inArray, like } from "drizzle-orm";
import { events } from "~/db/schema";
import { addDaysIso, todayIn } from "~/lib/dates";
import { FIXTURE_PUBLIC_IDS, setEventbriteFakeMode } from "../fakes/eventbrite";
import { insertShow } from "../support/shows";
import { loginAsStaff } from "../support/staff";
import { withFakeLock } from "./fake-lock";
import { expect, test } from "./fixtures";

const FAKE_IDS = ["9100000001", "9100000002", "9100000004", "9100000005"];
const fakeUrl = () => process.env.E2E_EVENTBRITE_URL!;

test.describe.configure({ timeout: 90_000 });

test("staff sync the platform's live shows from the dashboard, once, whatever the number of runs", async ({
  page,
  db,
  javaScriptOn,
}) => {
  await loginAsStaff(page);
  await withFakeLock(async () => {
    // With JavaScript the fake answers slowly so the pending state can be seen.
    await setEventbriteFakeMode(fakeUrl(), javaScriptOn ? "slow" : "ok");
    try {
      await page.getByRole("button", { name: "Sync from Eventbrite" }).click();
      if (javaScriptOn) {
        await expect(page.getByRole("button", { name: "Syncing..." })).toBeDisabled();
      }
      await expect(
        page.getByText(
          `Successfully synced ${4 + FIXTURE_PUBLIC_IDS.length} events from the external ticketing platform`,
        ),
      ).toBeVisible({
        timeout: 20_000,
      });
      await expect(page).toHaveURL(/\/admin$/);
    } finally {
      await setEventbriteFakeMode(fakeUrl(), "ok");
    }
  });
  const rows = db.select().from(events).where(inArray(events.externalId, FAKE_IDS)).all();
  expect(rows.map((r) => r.externalId).sort()).toEqual(FAKE_IDS);
  expect(rows.find((r) => r.externalId === "9100000002")?.soldOut).toBe(true);
  expect(rows.find((r) => r.externalId === "9100000005")?.venue).toBe("Sync Test Brewery");
  // The past show is never stored.
  expect(db.select().from(events).where(eq(events.externalId, "9100000003")).all()).toHaveLength(0);
  await expect(page.getByText(/Last synced \w{3} \d+, \d+:\d\d [AP]M \(Toronto\)/)).toBeVisible();
});

test("a refused token says why, and the stored shows stay as they were", async ({ page, db }) => {
  await loginAsStaff(page);
  await withFakeLock(async () => {
    // Only the fake's shows: other tests add and remove their own rows meanwhile.
    const fakeShows = () => db.select().from(events).where(inArray(events.externalId, FAKE_IDS)).all();
    const before = fakeShows();
    await setEventbriteFakeMode(fakeUrl(), "unauthorized");
    try {
      await page.getByRole("button", { name: "Sync from Eventbrite" }).click();
      await expect(
        page.getByText(
          "Failed to sync events: the ticketing platform refused the API token (HTTP 401). Check EVENTBRITE_TOKEN.",
        ),
      ).toBeVisible({ timeout: 20_000 });
    } finally {
      await setEventbriteFakeMode(fakeUrl(), "ok");
    }
    expect(fakeShows()).toEqual(before);
  });
});

test("a show staff edited is listed as protected from the sync until staff reset it", async ({
  page,
  db,
}, info) => {
  const title = `E2E staff-edited synced show ${info.project.name} ${Date.now()}`;
  const externalId = `e2e-edited-${info.project.name}-${Date.now()}`;
  const id = insertShow(db, {
    externalId,
    source: "eventbrite",
    title,
    date: addDaysIso(todayIn(), 400),
    time: "20:00",
    venue: "Sync Test Hall",
    staffEditedAt: new Date(),
  }).id;
  try {
    await loginAsStaff(page);
    await expect(page.getByText("Edited by staff — sync won't overwrite:")).toBeVisible();
    await expect(page.getByRole("region", { name: "Ticketing sync" }).getByText(title)).toBeVisible();
    await page.getByRole("button", { name: `Reset staff edits of ${title}` }).click();
    await expect(page.getByText(`"${title}" will be updated by the next sync`)).toBeVisible();
    await expect(page.getByRole("button", { name: `Reset staff edits of ${title}` })).toHaveCount(0);
    expect(db.select().from(events).where(eq(events.id, id)).get()?.staffEditedAt).toBeNull();
  } finally {
    db.delete(events)
      .where(like(events.externalId, `e2e-edited-${info.project.name}-%`))
      .run();
  }
});

test("without a staff session the sync is refused and runs nothing", async ({ request, baseURL }) => {
  const res = await request.post("/admin/sync", {
    form: { intent: "sync" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(401);
});
