import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";

const saved = process.env.PUBLIC_URL;

afterEach(() => {
  if (saved === undefined) delete process.env.PUBLIC_URL;
  else process.env.PUBLIC_URL = saved;
  resetEnvCache();
});

describe("publicOrigin", () => {
  it("drops a trailing slash (and any path) from PUBLIC_URL, so links never read //event", () => {
    process.env.PUBLIC_URL = "https://laughwindsor.example/";
    resetEnvCache();
    expect(publicOrigin(new Request("http://127.0.0.1:3000/calendar"))).toBe("https://laughwindsor.example");
  });

  it("falls back to the request's own origin when PUBLIC_URL is not set", () => {
    delete process.env.PUBLIC_URL;
    resetEnvCache();
    expect(publicOrigin(new Request("http://127.0.0.1:3000/calendar?month=2026-11"))).toBe(
      "http://127.0.0.1:3000",
    );
  });
});
