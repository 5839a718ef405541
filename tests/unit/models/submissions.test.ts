import { describe, expect, it } from "vitest";
import { contactMessages, redirects } from "~/db/schema";
import { findRedirect } from "~/models/redirects.server";
import {
  listApplicationShows,
  listApplications,
  saveContactMessage,
  saveContestantApplication,
} from "~/models/submissions.server";
import { createTestDb } from "../../support/db";
import { insertShow } from "../../support/shows";

const message = { name: "A", email: "a@example.com", subject: "S", message: "M" };

describe("submissions", () => {
  it("stores a replayed contact message once", () => {
    const database = createTestDb();
    const first = saveContactMessage(
      { ...message, submissionToken: "tok-0000000000000001" },
      { ipAddress: null },
      database,
    );
    const again = saveContactMessage(
      { ...message, submissionToken: "tok-0000000000000001" },
      { ipAddress: null },
      database,
    );
    expect(first.created).toBe(true);
    expect(again).toEqual({ record: first.record, created: false });
    expect(database.select().from(contactMessages).all()).toHaveLength(1);
  });

  it("stores messages without a token each time", () => {
    const database = createTestDb();
    saveContactMessage(message, { ipAddress: null }, database);
    saveContactMessage(message, { ipAddress: null }, database);
    expect(database.select().from(contactMessages).all()).toHaveLength(2);
  });

  it("stores applications per show and replays once", () => {
    const database = createTestDb();
    const show = insertShow(database, { title: "Game", date: "2099-01-01", acceptsApplications: true });
    const input = {
      from_name: "P",
      from_email: "p@example.com",
      mobile_number: "5195550100",
      is_over_19: true,
      can_attend: "no" as const,
      accepts_terms: true,
      submissionToken: "tok-0000000000000002",
    };
    saveContestantApplication(show.id, input, { ipAddress: "1.1.1.1" }, database);
    saveContestantApplication(show.id, input, { ipAddress: "1.1.1.1" }, database);
    const rows = listApplications(show.id, database);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ canAttendEvent: false, willAttendIfNotSelected: null, funBio: "" });
    expect(listApplicationShows(database)).toEqual([
      { id: show.id, title: "Game", date: "2099-01-01", applications: 1 },
    ]);
  });

  it("counts each show's own applications, whatever the row ids (the count once read the application's id)", () => {
    const database = createTestDb();
    const first = insertShow(database, { title: "First", date: "2099-01-01", acceptsApplications: true });
    const second = insertShow(database, { title: "Second", date: "2099-02-01", acceptsApplications: true });
    const input = {
      from_name: "P",
      from_email: "p@example.com",
      mobile_number: "5195550100",
      is_over_19: true,
      can_attend: "yes" as const,
      accepts_terms: true,
      submissionToken: "tok-0000000000000003",
    };
    saveContestantApplication(second.id, input, { ipAddress: "1.1.1.1" }, database);
    const counts = Object.fromEntries(listApplicationShows(database).map((s) => [s.title, s.applications]));
    expect(counts).toEqual({ First: 0, Second: 1 });
    expect(first.id).not.toBe(second.id);
  });

  it("finds redirects by name", () => {
    const database = createTestDb();
    database.insert(redirects).values({ name: "summer", targetUrl: "https://example.com/summer" }).run();
    expect(findRedirect("summer", database)).toBe("https://example.com/summer");
    expect(findRedirect("winter", database)).toBeNull();
  });
});
