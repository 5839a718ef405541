import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ContestantApplication } from "~/components/contestant-application";
import type { Show } from "~/lib/shows";
import { zonedInstant } from "~/lib/zoned-time";
import { gameOnShow } from "../../support/shows";

function render(show: Show, url = "/event/42") {
  const Stub = createRemixStub([
    { path: "/event/:id", Component: () => <ContestantApplication show={show} /> },
  ]);
  return renderToString(<Stub initialEntries={[url]} />).replace(/<!-- -->/g, "");
}

const open = gameOnShow({
  applicationsCloseAt: zonedInstant("2099-05-14", "23:59", "America/Toronto").toISOString(),
  contestantsNotifiedOn: "2099-05-15",
  date: "2099-05-16",
  applicationMinimumAge: 21,
});

describe("ContestantApplication", () => {
  it("renders the form with the spec's fields and the show's own window and age", () => {
    const html = render(open);
    expect(html).toContain('id="contestant-application"');
    expect(html).toContain('action="/event/42/apply"');
    for (const name of [
      "from_name",
      "from_email",
      "mobile_number",
      "is_over_19",
      "can_attend",
      "will_attend_if_not_selected",
      "fun_bio",
      "accepts_terms",
    ]) {
      expect(html).toContain(`name="${name}"`);
    }
    expect(html).toContain("Can you attend 7:30 PM – 10 PM on 16 May 2099?");
    expect(html).toContain("I am 21 years of age or older");
    expect(html).toContain('maxLength="140"');
    expect(html).toContain("0/140 characters");
  });

  it("shows the thank-you panel after applying", () => {
    const html = render(open, "/event/42?applied=1");
    expect(html).toContain("Thanks for applying!");
    expect(html).toContain("We&#x27;ll email selected contestants on 15 May 2099.");
    expect(html).toContain("Applications close 11:59 PM, 14 May 2099.");
    expect(html).not.toContain("<form");
  });

  it("says applications are closed after the closing time", () => {
    const closed = gameOnShow({ applicationsCloseAt: "2000-01-01T04:59:00.000Z" });
    const html = render(closed);
    expect(html).toContain("Applications for this show closed at 11:59 PM, 31 Dec 1999.");
    expect(html).not.toContain("<form");
  });

  it("renders nothing for a show that takes no applications", () => {
    expect(render(gameOnShow({ acceptsApplications: false }))).not.toContain("contestant-application");
  });
});
