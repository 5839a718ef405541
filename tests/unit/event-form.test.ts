import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { eventFormSchema, RECURRING_FIELDS_MESSAGE, REQUIRED_FIELDS_MESSAGE } from "~/lib/event-form";

function parse(entries: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(entries)) form.append(k, v);
  return parseWithZod(form, { schema: eventFormSchema });
}

const valid = {
  title: "Friday Laughs",
  date: "2026-05-16",
  time: "7:30 PM",
  venue: "Tipsy Toucan",
  ticketUrl: "https://www.eventbrite.ca/e/friday-laughs-tickets-123456789",
};

describe("event form schema", () => {
  it("accepts the required fields and cuts a 12-hour time to HH:MM", () => {
    const s = parse(valid);
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value.time).toBe("19:30");
    expect(s.value.isRecurring).toBe(false);
    expect(s.value.imageUrl).toBeNull();
    expect(s.value.applicationMinimumAge).toBe(19);
  });

  it("cuts seconds off a 24-hour time", () => {
    const s = parse({ ...valid, time: "20:15:00" });
    expect(s.status === "success" && s.value.time).toBe("20:15");
  });

  it("reports every missing required field and the spec's summary message", () => {
    const s = parse({ description: "only a description" });
    expect(s.status).toBe("error");
    const reply = s.reply();
    expect(reply.error?.[""]).toContain(REQUIRED_FIELDS_MESSAGE);
    for (const key of ["title", "date", "time", "venue", "ticketUrl"])
      expect(reply.error?.[key]).toEqual(["Required"]);
    expect(reply.error?.description).toBeUndefined();
  });

  it("refuses a time it cannot read and a ticket URL that is not a web address", () => {
    const s = parse({ ...valid, time: "25:00", ticketUrl: "javascript:alert(1)" });
    const reply = s.reply();
    expect(reply.error?.time?.[0]).toMatch(/time/);
    expect(reply.error?.ticketUrl?.[0]).toMatch(/URL/);
    expect(reply.error?.[""]).toBeUndefined();
  });

  it("turns recurring on with a date, falling back to the show's price when a date has none", () => {
    const s = parse({
      ...valid,
      "dates[0].date": "2026-05-23",
      "dates[0].time": "8 pm",
      "dates[0].ticketUrl": "https://example.com/t",
    });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value.isRecurring).toBe(true);
    expect(s.value.dates).toEqual([
      { date: "2026-05-23", time: "20:00", ticketUrl: "https://example.com/t", price: null },
    ]);
  });

  it("asks for every field of an incomplete recurring date", () => {
    const s = parse({ ...valid, "dates[0].date": "2026-05-23", "dates[0].price": "$10" });
    const reply = s.reply();
    expect(reply.error?.[""]).toEqual([RECURRING_FIELDS_MESSAGE]);
    expect(reply.error?.["dates[0]"]).toEqual([RECURRING_FIELDS_MESSAGE]);
    expect(reply.error?.["dates[0].time"]).toEqual(["Required"]);
    expect(reply.error?.["dates[0].ticketUrl"]).toEqual(["Required"]);
  });

  it("reads the contestant-application settings", () => {
    const s = parse({
      ...valid,
      acceptsApplications: "on",
      applicationsCloseDate: "2026-05-14",
      applicationsCloseTime: "11:59 PM",
      applicationMinimumAge: "21",
      collectionId: "3",
    });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value).toMatchObject({
      acceptsApplications: true,
      applicationsCloseDate: "2026-05-14",
      applicationsCloseTime: "23:59",
      applicationMinimumAge: 21,
      collectionId: 3,
    });
  });

  it("refuses an impossible calendar date", () => {
    expect(parse({ ...valid, date: "2026-02-30" }).reply().error?.date).toEqual([
      "Enter a date as YYYY-MM-DD",
    ]);
  });
});
