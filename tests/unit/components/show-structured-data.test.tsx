/**
 * Issue 19: the business time zone comes from APP_TIMEZONE in one place. Components read it
 * from the root loader (useBusinessZone); the pure rules' default is APP_TIMEZONE's default.
 */
import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ShowStructuredData } from "~/components/show-structured-data";
import { BUSINESS_TIME_ZONE } from "~/lib/dates";
import { parseEnv } from "~/utils/env.server";
import { gameOnShow as makeShow } from "../../support/shows";

const show = makeShow({ date: "2026-12-05", time: "20:00", endTime: null });

function render(rootData: { zone?: string } | null) {
  const page = {
    path: "/",
    Component: () => <ShowStructuredData shows={[show]} origin="https://laughwindsor.example" />,
  };
  const Stub = createRemixStub(
    rootData
      ? [
          {
            id: "root",
            path: "/",
            loader: () => rootData,
            children: [{ index: true, Component: page.Component }],
          },
        ]
      : [page],
  );
  return renderToString(
    <Stub initialEntries={["/"]} hydrationData={rootData ? { loaderData: { root: rootData } } : undefined} />,
  );
}

describe("the business time zone", () => {
  it("is APP_TIMEZONE's default when not configured, and the configured zone otherwise", () => {
    expect(parseEnv({}).APP_TIMEZONE).toBe(BUSINESS_TIME_ZONE);
    expect(parseEnv({ APP_TIMEZONE: "America/Vancouver" }).APP_TIMEZONE).toBe("America/Vancouver");
  });

  it("components use the zone the root loader passes (APP_TIMEZONE), not a hard-coded one", () => {
    expect(render({ zone: "America/Vancouver" })).toContain("2026-12-05T20:00:00-08:00");
    expect(render({ zone: "America/Toronto" })).toContain("2026-12-05T20:00:00-05:00");
  });

  it("outside the app's routes (no root data) a component falls back to the default zone", () => {
    expect(render(null)).toContain("2026-12-05T20:00:00-05:00");
  });
});
