import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  codeFromBytes,
  currentRoomCode,
  formatRoomCode,
  isRoomCodeAccepted,
  parseRoomCode,
  ROOM_CODE_PERIOD_MS,
} from "~/lib/room-code";

describe("room code rotation", () => {
  const derive = (period: number) =>
    codeFromBytes(crypto.createHmac("sha256", "secret").update(String(period)).digest());
  const t0 = 1_800_000_000_000 - (1_800_000_000_000 % ROOM_CODE_PERIOD_MS);

  it("is six digits, the same through a period, different in the next", () => {
    const a = currentRoomCode(derive, t0 + 1000);
    expect(a.code).toMatch(/^\d{6}$/);
    expect(currentRoomCode(derive, t0 + ROOM_CODE_PERIOD_MS - 1).code).toBe(a.code);
    expect(a.changesAt).toBe(t0 + ROOM_CODE_PERIOD_MS);
    expect(currentRoomCode(derive, t0 + ROOM_CODE_PERIOD_MS).code).not.toBe(a.code);
  });

  it("accepts the current and the previous code only, however it is typed", () => {
    const now = t0 + 2 * ROOM_CODE_PERIOD_MS + 5000;
    const current = currentRoomCode(derive, now).code;
    const previous = currentRoomCode(derive, now - ROOM_CODE_PERIOD_MS).code;
    const older = currentRoomCode(derive, now - 2 * ROOM_CODE_PERIOD_MS).code;
    expect(isRoomCodeAccepted(current, derive, now)).toBe(true);
    expect(isRoomCodeAccepted(`${current.slice(0, 3)} ${current.slice(3)}`, derive, now)).toBe(true);
    expect(isRoomCodeAccepted(previous, derive, now)).toBe(true);
    if (older !== current && older !== previous) expect(isRoomCodeAccepted(older, derive, now)).toBe(false);
    expect(parseRoomCode("12345")).toBeNull();
    expect(parseRoomCode("abc123")).toBeNull();
    expect(parseRoomCode("１２３４５６")).toBe("123456");
  });

  it("refuses what cannot be a code: nothing typed, letters, or more than 40 characters", () => {
    const now = t0 + 5000;
    expect(parseRoomCode(null)).toBeNull();
    expect(parseRoomCode(undefined)).toBeNull();
    expect(isRoomCodeAccepted(null, derive, now)).toBe(false);
    expect(isRoomCodeAccepted("not a code", derive, now)).toBe(false);
    // Spaces around the digits are fine up to 40 characters in all.
    expect(parseRoomCode(`${" ".repeat(34)}482913`)).toBe("482913");
    expect(parseRoomCode(`${" ".repeat(35)}482913`)).toBeNull();
  });

  it("turns HMAC bytes into six digits by RFC 4226's dynamic truncation, zero-padded, shown as two groups", () => {
    // RFC 4226, section 5.4: offset 0xa, 0x50ef7f19 = 1357872921, six digits 872921.
    const rfc = Uint8Array.from(Buffer.from("1f8698690e02ca16618550ef7f19da8e945b555a", "hex"));
    expect(codeFromBytes(rfc)).toBe("872921");
    // RFC 4226, appendix D: HOTP-SHA1 of "12345678901234567890" for counters 0 to 2.
    const hotp = (counter: number) => {
      const msg = Buffer.alloc(8);
      msg.writeBigUInt64BE(BigInt(counter));
      return codeFromBytes(crypto.createHmac("sha1", "12345678901234567890").update(msg).digest());
    };
    expect([0, 1, 2].map(hotp)).toEqual(["755224", "287082", "359152"]);
    const small = new Uint8Array(20);
    small[3] = 5;
    expect(codeFromBytes(small)).toBe("000005");
    expect(formatRoomCode("482913")).toBe("482 913");
    expect(formatRoomCode("000005")).toBe("000 005");
  });
});
