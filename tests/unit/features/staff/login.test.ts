/**
 * POST /admin/login on the form pipeline (issue 40): what a staff member (or a stranger) gets
 * back for each kind of post, on the server side. The browser specs (auth, hostile-auth,
 * host-lockout) run the same sign-in through the page, JavaScript on and off.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { handleLogin } from "~/features/staff/login.server";
import { upsertStaff } from "~/models/staff.server";
import { ATTEMPT_LIMITS } from "~/utils/rate-limit.server";
import { formPost, replyOf, useAppDatabase } from "../../../support/app-db";

const PASSWORD = "a-long-enough-password";
useAppDatabase("login");
beforeAll(() => upsertStaff("Host.Ann", PASSWORD));

const login = (fields: Record<string, string>, ip: string) =>
  handleLogin(formPost("/admin/login", fields), ip);

describe("staff login", () => {
  it("empty fields: 400 with each field's message, nothing signed in and no budget spent", async () => {
    const ip = "198.51.100.1";
    // More empty posts than the address's whole budget of attempts...
    for (let i = 0; i <= ATTEMPT_LIMITS.loginIp.points; i++) {
      const empty = await login({ username: " ", password: "", redirectTo: "/admin/events" }, ip);
      expect(empty.status).toBe(400);
      expect(empty.headers.get("Set-Cookie")).toBeNull();
      if (i === 0) {
        const reply = await replyOf(empty);
        expect(reply.error).toEqual({ username: ["Enter your username"], password: ["Enter your password"] });
        expect(reply.initialValue).toMatchObject({ redirectTo: "/admin/events" });
      }
    }
    // ...and the right password from that address still signs in: none of them was an attempt.
    const right = await login({ username: "host.ann", password: PASSWORD, redirectTo: "/admin/events" }, ip);
    expect([right.status, right.headers.get("Location")]).toEqual([302, "/admin/events"]);
  });

  it("a username longer than any account's: 400 with the message, the value kept to fix", async () => {
    const long = "x".repeat(101);
    const response = await login({ username: long, password: "whatever" }, "198.51.100.2");
    expect(response.status).toBe(400);
    const reply = await replyOf(response);
    expect(reply.error).toEqual({ username: ["A username is at most 100 characters"] });
    expect(reply.initialValue?.username).toBe(long);
  });

  it("a wrong password: 401 'Invalid credentials', the username kept and the password never sent back", async () => {
    const response = await login({ username: "Host.Ann", password: "not-it" }, "198.51.100.3");
    expect(response.status).toBe(401);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const reply = await replyOf(response);
    expect(reply.error).toEqual({ "": ["Invalid credentials"] });
    expect(reply.initialValue).toEqual({ username: "Host.Ann" });
  });

  it("the right password, any case and spaces around the name: a new session, and a foreign redirectTo goes to /admin", async () => {
    const response = await login(
      { username: "  HOST.ANN ", password: PASSWORD, redirectTo: "//evil.example/" },
      "198.51.100.4",
    );
    expect([response.status, response.headers.get("Location")]).toEqual([302, "/admin"]);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
  });

  it("over the address's budget even the right password is refused: 429 with Retry-After", async () => {
    const ip = "198.51.100.5";
    // Different made-up names, so no username's shared budget slows the loop down.
    for (let i = 0; i < ATTEMPT_LIMITS.loginIp.points; i++)
      expect((await login({ username: `stranger-${i}`, password: "guess" }, ip)).status).toBe(401);
    const right = await login({ username: "host.ann", password: PASSWORD }, ip);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("Retry-After"))).toBeGreaterThan(0);
    const reply = await replyOf(right);
    expect(reply.error?.[""]?.[0]).toMatch(/^Too many login attempts\./);
    expect(reply.initialValue).toEqual({ username: "host.ann" });
  }, 60_000);
});
