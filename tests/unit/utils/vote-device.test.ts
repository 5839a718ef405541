import { afterEach, describe, expect, it, vi } from "vitest";
import { deviceWaitMs, MIN_DEVICE_AGE_MS } from "~/lib/vote";
import { deviceIssuedAt, newDeviceId } from "~/utils/vote-device.server";

afterEach(() => vi.useRealTimers());

describe("a phone votes only once its cookie is a few seconds old", () => {
  it("reads the minting time from the signed id; an id without one is an old cookie", () => {
    const at = Date.now() - 5_000;
    expect(deviceIssuedAt(newDeviceId(at))).toBe(at);
    expect(deviceIssuedAt("abcdefghijklmnopqrstuvwx")).toBeNull();
    expect(deviceIssuedAt(`${"z".repeat(9)}abcdefghijklmnop`)).toBeNull();
  });

  it("waits out the rest of the minimum age, and not a moment more", () => {
    const now = 1_800_000_000_000;
    expect(deviceWaitMs(now, now)).toBe(MIN_DEVICE_AGE_MS);
    expect(deviceWaitMs(now - 1_000, now)).toBe(MIN_DEVICE_AGE_MS - 1_000);
    expect(deviceWaitMs(now - MIN_DEVICE_AGE_MS, now)).toBe(0);
    expect(deviceWaitMs(now - 60_000, now)).toBe(0);
    expect(deviceWaitMs(null, now)).toBe(0);
  });
});
