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
