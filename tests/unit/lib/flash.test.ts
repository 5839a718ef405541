import { describe, expect, it } from "vitest";
import { appendFlash, MAX_TOASTS, pendingFlashes, toastDuration, type Flash } from "~/lib/flash";

const synced: Flash = { type: "success", message: "Synced 3 shows" };
const archived: Flash = { type: "info", message: "2 past shows archived" };

describe("flash queue", () => {
  it("keeps both of two messages set before the page shows them, in order", () => {
    expect(appendFlash(appendFlash(undefined, synced), archived)).toEqual([synced, archived]);
  });
  it("reads a single stored message (older sessions) and an empty session", () => {
    expect(pendingFlashes(synced)).toEqual([synced]);
    expect(pendingFlashes(undefined)).toEqual([]);
    expect(appendFlash(synced, archived)).toEqual([synced, archived]);
  });
  it("drops malformed entries", () => {
    expect(pendingFlashes([synced, { type: "weird", message: "x" }, "text", null])).toEqual([synced]);
    expect(pendingFlashes([{ type: "info", message: 42 }, { type: "info" }, archived])).toEqual([archived]);
  });
  it("keeps every kind of message: success, error and info", () => {
    const failed: Flash = { type: "error", message: "Sync failed" };
    expect(pendingFlashes([synced, failed, archived])).toEqual([synced, failed, archived]);
    expect(pendingFlashes(failed)).toEqual([failed]);
  });
  it("shows a success toast for 2 seconds, an error or a note for 4", () => {
    expect(toastDuration("success")).toBe(2000);
    expect(toastDuration("error")).toBe(4000);
    expect(toastDuration("info")).toBe(4000);
  });
  it("keeps at most MAX_TOASTS, the newest", () => {
    let stored: unknown = undefined;
    for (let i = 0; i < MAX_TOASTS + 5; i++) stored = appendFlash(stored, { type: "info", message: `m${i}` });
    const list = pendingFlashes(stored);
    expect(list).toHaveLength(MAX_TOASTS);
    expect(list[0].message).toBe("m5");
    expect(list.at(-1)?.message).toBe(`m${MAX_TOASTS + 4}`);
  });
});
