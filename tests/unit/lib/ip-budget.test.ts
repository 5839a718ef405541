import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ipBudgetKey } from "~/lib/ip-budget";

describe("the address a per-IP budget counts a client under", () => {
  it("keeps an IPv4 address, and counts an IPv4-mapped IPv6 address as that IPv4 address", () => {
    expect(ipBudgetKey("203.0.113.7")).toBe("203.0.113.7");
    expect(ipBudgetKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(ipBudgetKey("203.0.113.8")).not.toBe(ipBudgetKey("203.0.113.7"));
  });

  it("counts every address of one IPv6 /64 (one subscriber's connection) as one client", () => {
    const home = ipBudgetKey("2001:db8:1:2::1");
    expect(ipBudgetKey("2001:db8:1:2:ffff:ffff:ffff:fffe")).toBe(home);
    expect(ipBudgetKey("2001:0DB8:0001:0002:0:0:0:abcd")).toBe(home);
    expect(home).toBe("2001:db8:1:2::/64");
    // The next /64 is someone else.
    expect(ipBudgetKey("2001:db8:1:3::1")).not.toBe(home);
  });

  it("keeps what is not an address as given", () => {
    expect(ipBudgetKey("unknown")).toBe("unknown");
    expect(ipBudgetKey("")).toBe("");
  });
});

/** Where the app spends a budget keyed by the client's address (app/utils/rate-limit.server.ts). */
const PER_IP = /\["(loginIp|gateIp|voteIp|roomCodeIp)",[^\]]*\]|consume\("publicForm",[^)]*\)/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(file) : /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

it("every per-IP budget of the app is keyed through ipBudgetKey", () => {
  const uses = sources(path.resolve(__dirname, "../../../app")).flatMap((file) =>
    [...fs.readFileSync(file, "utf8").matchAll(PER_IP)].map((m) => `${path.basename(file)}: ${m[0]}`),
  );
  // login, the gates, room codes, votes, the public forms
  expect(uses.length).toBeGreaterThanOrEqual(5);
  expect(uses.filter((use) => !use.includes("ipBudgetKey("))).toEqual([]);
});
