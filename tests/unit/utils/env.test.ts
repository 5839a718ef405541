import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { DEV_DEFAULTS, EnvError, envSchema, parseEnv } from "~/utils/env.server";

describe("configuration", () => {
  it("gives development working defaults and says which it used", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_PATH).toBe("./data/app.db");
    expect(env.APP_TIMEZONE).toBe("America/Toronto");
    expect(env.EVENTBRITE_API_URL).toBe("https://www.eventbriteapi.com/v3");
    expect(env.ADMIN_PASSWORD).toBe(DEV_DEFAULTS.ADMIN_PASSWORD);
    expect(env.defaulted).toEqual(
      expect.arrayContaining([
        "SESSION_SECRET",
        "ADMIN_USERNAME",
        "ADMIN_PASSWORD",
        "BOOKING_PASSWORD",
        "RESULTS_PASSWORD",
      ]),
    );
    expect(env.EVENTBRITE_TOKEN).toBeUndefined();
    expect(env.BOOKING_SHEET_URL).toBeUndefined();
  });

  it("refuses to start in production without SESSION_SECRET and lists everything missing", () => {
    let error: unknown;
    try {
      parseEnv({ NODE_ENV: "production" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toContain("SESSION_SECRET is required in production");
    expect(message).toContain("BOOKING_PASSWORD is required in production");
    expect(message).toContain("RESULTS_PASSWORD is required in production");
  });

  it("never falls back to published passwords in production", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      SESSION_SECRET: "a-very-long-production-secret",
      BOOKING_PASSWORD: "door",
      RESULTS_PASSWORD: "host",
    });
    expect(env.ADMIN_PASSWORD).toBe("");
    expect(env.defaulted).toEqual([]);
  });

  it("rejects a development secret in production, a short secret, a bad port and an unknown zone", () => {
    expect(() =>
      parseEnv({
        NODE_ENV: "production",
        SESSION_SECRET: DEV_DEFAULTS.SESSION_SECRET,
        BOOKING_PASSWORD: "a",
        RESULTS_PASSWORD: "b",
      }),
    ).toThrow(/development default/);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/at least 16/);
    expect(() => parseEnv({ PORT: "not-a-port" })).toThrow(/PORT/);
    expect(() => parseEnv({ APP_TIMEZONE: "Mars/Olympus" })).toThrow(/APP_TIMEZONE/);
    expect(() => parseEnv({ BOOKING_SHEET_URL: "not a url" })).toThrow(/BOOKING_SHEET_URL/);
  });

  it("reads flags and treats empty strings as unset", () => {
    const env = parseEnv({
      TRUST_PROXY: "true",
      ALLOW_PRIVATE_FETCH: "",
      EVENTBRITE_TOKEN: "  ",
      PORT: "8080",
    });
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.ALLOW_PRIVATE_FETCH).toBe(false);
    expect(env.EVENTBRITE_TOKEN).toBeUndefined();
    expect(env.PORT).toBe(8080);
  });
});

describe("the configuration contract (issue 39's MAIL_POSTAL_ADDRESS)", () => {
  const production = {
    NODE_ENV: "production",
    SESSION_SECRET: "a-long-production-secret-0123456789",
    BOOKING_PASSWORD: "b",
    RESULTS_PASSWORD: "r",
  };

  it("production with SMTP_URL refuses to start without the postal address promotional mail must print", () => {
    expect(() => parseEnv({ ...production, SMTP_URL: "smtp://mail.example:587" })).toThrow(
      /MAIL_POSTAL_ADDRESS/,
    );
    expect(
      parseEnv({
        ...production,
        SMTP_URL: "smtp://mail.example:587",
        MAIL_POSTAL_ADDRESS: "1 Main St, Windsor ON",
      }).MAIL_POSTAL_ADDRESS,
    ).toBe("1 Main St, Windsor ON");
    // Without SMTP_URL nothing is sent, so nothing is required.
    expect(parseEnv(production).MAIL_POSTAL_ADDRESS).toBeUndefined();
  });

  it("every variable of the schema is in .env.example and the README's table (tests' own switches aside)", () => {
    const example = fs.readFileSync(".env.example", "utf8");
    const readme = fs.readFileSync("README.md", "utf8");
    const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("## Scripts"));
    const testsOnly = new Set(["NODE_ENV", "ALLOW_PRIVATE_FETCH", "OUTBOUND_LOOPBACK_ONLY"]);
    for (const name of Object.keys(envSchema.shape)) {
      if (name === "NODE_ENV") continue; // the mode, set by npm start and the Dockerfile
      expect(table, `README: ${name}`).toContain(`\`${name}\``);
      if (!testsOnly.has(name))
        expect(example, `.env.example: ${name}`).toMatch(new RegExp(`^${name}=`, "m"));
    }
  });
});
