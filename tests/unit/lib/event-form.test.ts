import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  eventFormSchema,
  RECURRING_FIELDS_MESSAGE,
  REQUIRED_FIELDS_MESSAGE,
  showToFormDefaults,
} from "~/lib/event-form";

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
    for (const key of ["title", "date", "time", "venueId", "ticketUrl"])
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

// Issue 19 (mutation testing): the staff event form as staff meet it, field by field.
describe("the event form's checks, field by field", () => {
  const errorsOf = (entries: Record<string, string>) => parse({ ...valid, ...entries }).reply().error ?? {};
  const valueOf = (entries: Record<string, string>) => {
    const s = parse({ ...valid, ...entries });
    if (s.status !== "success") throw new Error(JSON.stringify(s.reply().error));
    return s.value;
  };

  it("trims what staff typed and says how long a field may be", () => {
    expect(valueOf({ title: "  Friday Laughs  ", venue: " Hall " })).toMatchObject({
      title: "Friday Laughs",
      // A name posted without a choice: a new venue (issue 42), found or created by the model.
      venueId: null,
      venue: "Hall",
    });
    expect(errorsOf({ title: "x".repeat(201) }).title).toEqual(["Please keep this under 200 characters"]);
    expect(valueOf({ title: "x".repeat(200) }).title).toBe("x".repeat(200));
    expect(errorsOf({ price: "x".repeat(101) }).price).toEqual(["Please keep this under 100 characters"]);
    expect(errorsOf({ time: "x".repeat(41) }).time?.[0]).toBe("Please keep this under 40 characters");
  });

  it("refuses an end time it cannot read", () => {
    expect(errorsOf({ endTime: "late" }).endTime).toEqual(["Enter a time like 10:00 PM or 22:00"]);
    expect(valueOf({ endTime: "11 pm" }).endTime).toBe("23:00");
    expect(valueOf({}).endTime).toBeNull();
  });

  it("takes a site path for the poster only; ticket and entry-form links are full addresses", () => {
    expect(valueOf({ imageUrl: "/images/poster.svg" }).imageUrl).toBe("/images/poster.svg");
    expect(errorsOf({ ticketUrl: "/tickets" }).ticketUrl).toEqual([
      "Enter a full URL starting with https://",
    ]);
    expect(errorsOf({ entryFormUrl: "/apply" }).entryFormUrl).toEqual([
      "Enter a full URL starting with https://",
    ]);
    expect(valueOf({ entryFormUrl: "https://forms.example/x" }).entryFormUrl).toBe("https://forms.example/x");
    expect(valueOf({}).entryFormUrl).toBeNull();
  });

  it("checks each recurring date's date, time and ticket link, and is quiet when all are fine", () => {
    const date = {
      "dates[0].date": "2026-05-23",
      "dates[0].time": "8 pm",
      "dates[0].ticketUrl": "https://x.example/t",
    };
    expect(errorsOf(date)).toEqual({});
    const errors = errorsOf({
      "dates[0].date": "2026-02-30",
      "dates[0].time": "noon-ish",
      "dates[0].ticketUrl": "/tickets",
    });
    expect(errors["dates[0].date"]).toEqual(["Enter a date as YYYY-MM-DD"]);
    expect(errors["dates[0].time"]).toEqual(["Enter a time like 7:00 PM"]);
    expect(errors["dates[0].ticketUrl"]).toEqual(["Enter a full URL starting with https://"]);
    expect(errors[""]).toBeUndefined();
    expect(valueOf({ ...date, "dates[0].price": "$15" }).dates[0].price).toBe("$15");
  });

  it("allows at most 200 recurring dates", () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 201; i++) {
      many[`dates[${i}].date`] = "2026-05-23";
      many[`dates[${i}].time`] = "20:00";
      many[`dates[${i}].ticketUrl`] = "https://x.example/t";
    }
    expect(errorsOf(many).dates).toEqual(["At most 200 recurring dates"]);
  });

  it("shows a line-up that is too long on the line-up itself", () => {
    const rows: Record<string, string> = {};
    for (let i = 0; i < 21; i++) {
      rows[`lineup[${i}].comedianId`] = String(i + 1);
      rows[`lineup[${i}].role`] = "feature";
    }
    expect(errorsOf(rows).lineup).toEqual(["At most 20 comedians on a line-up"]);
  });

  it("checks the contestant-application settings", () => {
    const errors = errorsOf({
      applicationsCloseDate: "2026-13-01",
      applicationsCloseTime: "midnight-ish",
      contestantsNotifiedOn: "soon",
      collectionId: "x",
      imageFocus: "left",
    });
    expect(errors).toMatchObject({
      applicationsCloseDate: ["Enter a date as YYYY-MM-DD"],
      applicationsCloseTime: ["Enter a time like 11:59 PM"],
      contestantsNotifiedOn: ["Enter a date as YYYY-MM-DD"],
      collectionId: ["Pick a collection"],
      imageFocus: ["Enter two numbers from 0 to 100 (across, down), e.g. 50,30"],
    });
    for (const age of ["-1", "121", "18.5", "adult"])
      expect(errorsOf({ applicationMinimumAge: age }).applicationMinimumAge, age).toEqual([
        "Enter an age in years",
      ]);
    expect(valueOf({ applicationMinimumAge: "0" }).applicationMinimumAge).toBe(0);
    expect(valueOf({ applicationMinimumAge: "120" }).applicationMinimumAge).toBe(120);
  });

  it("stores what staff left empty as no value, and a ticked box as on", () => {
    expect(valueOf({})).toMatchObject({
      description: "",
      price: null,
      imageFocus: null,
      lineup: [],
      collectionId: null,
      acceptsApplications: false,
      applicationsCloseDate: null,
      applicationsCloseTime: null,
      contestantsNotifiedOn: null,
      dates: [],
    });
    expect(valueOf({ price: "$20", description: "Stand-up", imageFocus: "50,30" })).toMatchObject({
      price: "$20",
      description: "Stand-up",
      imageFocus: { x: 50, y: 30 },
    });
    expect(valueOf({ contestantsNotifiedOn: "2026-05-20" }).contestantsNotifiedOn).toBe("2026-05-20");
    expect(eventFormSchema.parse({ ...valid, acceptsApplications: true }).acceptsApplications).toBe(true);
    expect(valueOf({ acceptsApplications: "off" }).acceptsApplications).toBe(false);
  });
});

describe("the Edit page's starting values", () => {
  const stored = {
    title: "Friday Laughs",
    description: "Stand-up",
    date: "2026-05-16",
    time: "19:30",
    endTime: null,
    venue: "Hall",
    ticketUrl: null,
    imageUrl: null,
    price: null,
    dates: [],
    entryFormUrl: null,
    acceptsApplications: false,
    applicationsCloseAt: null,
    contestantsNotifiedOn: null,
    applicationMinimumAge: 19,
  };

  it("shows empty boxes for what is not stored, and times as staff type them", () => {
    expect(showToFormDefaults(stored, "America/Toronto")).toEqual({
      title: "Friday Laughs",
      description: "Stand-up",
      date: "2026-05-16",
      time: "7:30 PM",
      endTime: "",
      // A venue text that matches no record: "New venue…" with its name (issue 42).
      venueId: "new",
      venue: "Hall",
      ticketUrl: "",
      imageUrl: "",
      price: "",
      dates: [],
      lineup: [],
      collectionId: "",
      entryFormUrl: "",
      acceptsApplications: false,
      applicationsCloseDate: "",
      applicationsCloseTime: "",
      contestantsNotifiedOn: "",
      applicationMinimumAge: "19",
      ...{
        ruleMinAge: "",
        ruleMinimum: "",
        ruleSeating: "",
        rulePhones: "",
        ruleContent: "",
        ruleRunningMinutes: "",
      },
    });
  });

  it("leaves a recurring date's ticket box empty when neither the date nor the show has a link", () => {
    const defaults = showToFormDefaults(
      { ...stored, dates: [{ date: "2026-05-23", time: null, ticketUrl: null, price: null }] },
      "America/Toronto",
    );
    expect(defaults.dates).toEqual([{ date: "2026-05-23", time: "7:30 PM", ticketUrl: "", price: "" }]);
  });

  it("fills in every stored value, a recurring date taking the show's time and link when it has none", () => {
    const defaults = showToFormDefaults(
      {
        ...stored,
        endTime: "22:00",
        ticketUrl: "https://x.example/t",
        imageUrl: "/images/p.svg",
        price: "$20",
        dates: [
          { date: "2026-05-23", time: null, ticketUrl: null, price: null },
          { date: "2026-05-30", time: "21:00", ticketUrl: "https://x.example/30", price: "$25" },
        ],
        collectionId: 4,
        lineup: [{ comedianId: 7, role: "host" }],
        entryFormUrl: "https://forms.example/x",
        acceptsApplications: true,
        // 23:59 in Toronto on May 14 (EDT, UTC-4).
        applicationsCloseAt: "2026-05-15T03:59:00.000Z",
        contestantsNotifiedOn: "2026-05-20",
        applicationMinimumAge: 21,
        ownHouseRules: { minAge: 0, content: "clean", runningMinutes: 75 },
      },
      "America/Toronto",
    );
    expect(defaults).toEqual({
      title: "Friday Laughs",
      description: "Stand-up",
      date: "2026-05-16",
      time: "7:30 PM",
      endTime: "10:00 PM",
      // A venue text that matches no record: "New venue…" with its name (issue 42).
      venueId: "new",
      venue: "Hall",
      ticketUrl: "https://x.example/t",
      imageUrl: "/images/p.svg",
      price: "$20",
      dates: [
        { date: "2026-05-23", time: "7:30 PM", ticketUrl: "https://x.example/t", price: "" },
        { date: "2026-05-30", time: "9:00 PM", ticketUrl: "https://x.example/30", price: "$25" },
      ],
      lineup: [{ comedianId: "7", role: "host" }],
      collectionId: "4",
      entryFormUrl: "https://forms.example/x",
      acceptsApplications: true,
      applicationsCloseDate: "2026-05-14",
      applicationsCloseTime: "11:59 PM",
      contestantsNotifiedOn: "2026-05-20",
      applicationMinimumAge: "21",
      ruleMinAge: "0",
      ruleMinimum: "",
      ruleSeating: "",
      rulePhones: "",
      ruleContent: "clean",
      ruleRunningMinutes: "75",
    });
  });
});
