import { describe, expect, it } from "vitest";
import { repeatedNames } from "~/utils/form-pipeline.server";
import { isFormContentType } from "~/utils/request-guards.server";

describe("isFormContentType", () => {
  it.each([
    "application/x-www-form-urlencoded",
    "application/x-www-form-urlencoded;charset=UTF-8",
    " Application/X-WWW-Form-Urlencoded ; charset=utf-8",
  ])("accepts %s", (type) => expect(isFormContentType(type)).toBe(true));
  it.each([
    "application/json",
    "text/plain",
    "multipart/form-data; boundary=x",
    "",
    null,
    undefined,
    "application/x-www-form-urlencoded-evil",
  ])("refuses %s", (type) => expect(isFormContentType(type)).toBe(false));
});

// The readers refuse a name sent twice (urlencoded and multipart alike) before any parser runs,
// so no handler checks for repeated fields again.
describe("repeatedNames", () => {
  it("names each field sent twice, except the ones the form repeats on purpose", () => {
    const form = new FormData();
    form.append("name", "a");
    form.append("bio", "b");
    form.append("bio", "c");
    expect(repeatedNames(form)).toEqual(["bio"]);
    expect(repeatedNames(form, ["bio"])).toEqual([]);
    expect(repeatedNames(new URLSearchParams("a=1&b=2&a=3&a=4"))).toEqual(["a"]);
  });
});
