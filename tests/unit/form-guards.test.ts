import { describe, expect, it } from "vitest";
import { duplicatedField, isFormContentType } from "~/utils/request-guards.server";

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

describe("duplicatedField", () => {
  it("names the first field sent twice", () => {
    const form = new FormData();
    form.append("name", "a");
    form.append("bio", "b");
    form.append("bio", "c");
    expect(duplicatedField(form, ["name", "bio"])).toBe("bio");
    expect(duplicatedField(form, ["name"])).toBeNull();
  });
});
