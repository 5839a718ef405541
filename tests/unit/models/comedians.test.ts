import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { comedians, eventComedians, roundComedians, votes, votingRounds } from "~/db/schema";
import { comedianPage, comediansIndex, seriesFeedShows } from "~/models/comedian-pages.server";
import { saveComedianProfile, SlugTakenError } from "~/models/comedian-profiles.server";
import { addComedian, deleteComedian } from "~/models/comedians.server";
import { archiveShow, createShow, updateShow } from "~/models/events-admin.server";
import { getShow, listShows } from "~/models/events.server";
import { LineupError } from "~/models/lineups.server";
import { seedDemoData } from "../../../scripts/seeds/demo";
import { comedianProfile } from "../../support/comedians";
import { createTestDbWithStaff } from "../../support/db";
import { eventFormValues } from "../../support/shows";

const ZONE = "America/Toronto";
const TODAY = "2026-11-22";

const setup = createTestDbWithStaff;
const values = eventFormValues;

const profile = comedianProfile;

describe("line-ups", () => {
  it("stores the running order and roles, and every show query carries it", () => {
    const { db, staff } = setup();
    const a = saveComedianProfile(null, profile("Ann Lee"), staff, db)!;
    const b = saveComedianProfile(
      null,
      profile("Bo Diaz", {
        links: {
          instagram: "https://www.instagram.com/bo",
          tiktok: null,
          youtube: null,
          website: "javascript:alert(1)",
        },
      }),
      staff,
      db,
    )!;
    const id = createShow(
      values({
        lineup: [
          { comedianId: b.id, role: "host" },
          { comedianId: a.id, role: "headliner" },
        ],
      }),
      staff,
      ZONE,
      db,
    );
    expect(getShow(id, db)!.lineup!.map((p) => [p.name, p.role])).toEqual([
      ["Bo Diaz", "host"],
      ["Ann Lee", "headliner"],
    ]);
    // Unsafe stored links never reach the page.
    expect(getShow(id, db)!.lineup![0].links).toEqual(["https://www.instagram.com/bo"]);

    // Reordered and one removed by an edit.
    updateShow(id, values({ lineup: [{ comedianId: a.id, role: "headliner" }] }), staff, ZONE, db);
    expect(listShows({}, db)[0].lineup!.map((p) => p.name)).toEqual(["Ann Lee"]);
    // A write that is not the form (no lineup) leaves it alone.
    updateShow(id, values(), staff, ZONE, db);
    expect(getShow(id, db)!.lineup).toHaveLength(1);
  });

  it("refuses an unknown or deleted comedian and stores nothing", () => {
    const { db, staff } = setup();
    const a = addComedian({ name: "Ann Lee", bio: null }, staff, db);
    deleteComedian(a.id, staff, db);
    expect(() =>
      createShow(values({ title: "Nope", lineup: [{ comedianId: a.id, role: "host" }] }), staff, ZONE, db),
    ).toThrow(LineupError);
    expect(() =>
      createShow(values({ title: "Nope", lineup: [{ comedianId: 999, role: "host" }] }), staff, ZONE, db),
    ).toThrow(LineupError);
    expect(listShows({}, db)).toHaveLength(0);
  });

  it("hides a comedian deleted later from line-ups", () => {
    const { db, staff } = setup();
    const a = addComedian({ name: "Ann Lee", bio: null }, staff, db);
    const id = createShow(values({ lineup: [{ comedianId: a.id, role: "host" }] }), staff, ZONE, db);
    deleteComedian(a.id, staff, db);
    expect(getShow(id, db)!.lineup).toEqual([]);
  });
});

describe("comedian profiles", () => {
  it("gives the quick add (/manage-comedians) a unique slug", () => {
    const { db, staff } = setup();
    expect(addComedian({ name: "Ann Lee", bio: null }, staff, db).slug).toBe("ann-lee");
    expect(addComedian({ name: "Ann Lee", bio: null }, staff, db).slug).toBe("ann-lee-2");
  });

  it("refuses a slug staff typed that another comedian has", () => {
    const { db, staff } = setup();
    saveComedianProfile(null, profile("Ann Lee"), staff, db);
    const b = saveComedianProfile(null, profile("Bo Diaz"), staff, db)!;
    expect(() =>
      saveComedianProfile(b.id, profile("Bo Diaz", { slug: "ann-lee", slugGiven: true }), staff, db),
    ).toThrow(SlugTakenError);
    // Renaming without a typed slug keeps the page address.
    expect(saveComedianProfile(b.id, profile("Bo Díaz Jr"), staff, db)!.slug).toBe("bo-diaz");
  });
});

describe("comedian pages", () => {
  it("lists upcoming appearances across venues, past ones and rounds won; /comedians puts booked comedians first", () => {
    const { db, staff } = setup();
    const ann = saveComedianProfile(null, profile("Ann Lee"), staff, db)!;
    const zed = saveComedianProfile(null, profile("Aaron Zed"), staff, db)!;
    createShow(
      values({
        title: "Later",
        date: "2026-12-20",
        venue: "Wolfhead Distillery",
        lineup: [{ comedianId: ann.id, role: "host" }],
      }),
      staff,
      ZONE,
      db,
    );
    createShow(
      values({
        title: "Sooner",
        date: "2026-12-01",
        venue: "Tipsy Toucan",
        lineup: [{ comedianId: ann.id, role: "headliner" }],
      }),
      staff,
      ZONE,
      db,
    );
    const old = createShow(
      values({ title: "Old", date: "2026-10-01", lineup: [{ comedianId: ann.id, role: "opener" }] }),
      staff,
      ZONE,
      db,
    );
    archiveShow(old, staff, db);
    const round = db
      .insert(votingRounds)
      .values({ title: "Final", openedAt: new Date(), closedAt: new Date() })
      .returning()
      .get();
    for (const c of [ann, zed])
      db.insert(roundComedians).values({ roundId: round.id, comedianId: c.id }).run();
    ["a", "b"].forEach((e) =>
      db
        .insert(votes)
        .values({ roundId: round.id, comedianId: ann.id, email: `${e}@x.test`, voteToken: `t-${e}` })
        .run(),
    );
    db.insert(votes)
      .values({ roundId: round.id, comedianId: zed.id, email: "c@x.test", voteToken: "t-c" })
      .run();

    const page = comedianPage("ann-lee", TODAY, db)!;
    expect(page.upcoming.map((a) => [a.show.title, a.show.venue, a.role])).toEqual([
      ["Sooner", "Tipsy Toucan", "headliner"],
      ["Later", "Wolfhead Distillery", "host"],
    ]);
    expect(page.past.map((a) => a.show.title)).toEqual(["Old"]);
    expect(page.rounds).toMatchObject([{ title: "Final", votes: 2, tied: false }]);
    expect(comedianPage("aaron-zed", TODAY, db)!.rounds).toEqual([]);
    expect(comedianPage("nobody", TODAY, db)).toBeNull();

    expect(comediansIndex(TODAY, db).map((c) => [c.name, c.nextDate])).toEqual([
      ["Ann Lee", "2026-12-01"],
      ["Aaron Zed", null],
    ]);
  });

  it("finds a series by its title's slug, and an ended series as empty rather than unknown", () => {
    const { db, staff } = setup();
    createShow(values({ title: "Tuesday Stand-Up", date: "2026-12-01" }), staff, ZONE, db);
    createShow(values({ title: "Tuesday Stand-Up", date: "2026-12-08" }), staff, ZONE, db);
    const found = seriesFeedShows("tuesday-standup", TODAY, db)!;
    expect(found.shows).toHaveLength(1);
    expect(found.shows[0].dates.map((d) => d.date)).toEqual(["2026-12-01", "2026-12-08"]);
    expect(seriesFeedShows("tuesday-standup", "2027-01-01", db)).toEqual({
      title: "Tuesday Stand-Up",
      shows: [],
    });
    expect(seriesFeedShows("nothing-here", TODAY, db)).toBeNull();
  });

  it("demo data: a dozen comedians with slugs and line-ups, and a won round", () => {
    const { db } = setup();
    seedDemoData(db, TODAY);
    const all = db.select().from(comedians).all();
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(all.every((c) => c.slug)).toBe(true);
    expect(db.select().from(eventComedians).all().length).toBeGreaterThan(10);
    expect(comedianPage("omar-haddad", TODAY, db)!.rounds).toHaveLength(1);
  });
});

describe("migration of existing comedians", () => {
  it("gives every existing comedian a unique slug, readable where the name allows", () => {
    const dir = path.resolve("drizzle");
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".sql"))
      .sort();
    const mine = files.findIndex((f) => f.includes("i17-comedians"));
    const sqlite = new Database(":memory:");
    const run = (file: string) => {
      for (const statement of fs
        .readFileSync(path.join(dir, file), "utf8")
        .split("--> statement-breakpoint")) {
        if (statement.trim()) sqlite.exec(statement);
      }
    };
    files.slice(0, mine).forEach(run);
    const insert = sqlite.prepare("INSERT INTO comedians (name, bio) VALUES (?, NULL)");
    for (const name of ["Priya Nair", "A.J. Lee", "AJ Lee", "José Díaz", "  Tom & Jerry ", "Comedian 5"])
      insert.run(name);
    run(files[mine]);
    const rows = sqlite.prepare("SELECT id, name, slug FROM comedians ORDER BY id").all() as {
      id: number;
      name: string;
      slug: string;
    }[];
    expect(rows.map((r) => r.slug)).toEqual([
      "priya-nair",
      "comedian-2",
      "comedian-3",
      "comedian-4",
      "tom-and-jerry",
      "comedian-6",
    ]);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    sqlite.close();
  });
});
