import { describe, expect, it } from "vitest";
import { scrubErrorEvent } from "~/lib/error-scrub";

describe("scrubErrorEvent (what may leave for Sentry)", () => {
  const event = {
    event_id: "abc",
    release: "laugh-windsor@1",
    tags: { request_id: "req-1" },
    user: { email: "a@b.co", ip_address: "1.2.3.4" },
    message: "vote refused for Jane.Doe+tag@Example.com twice",
    request: {
      method: "POST",
      url: "https://laughwindsor.ca/contact?email=jane@example.com#x",
      query_string: "email=jane@example.com",
      cookies: { __session: "s3cret" },
      data: "email=jane%40example.com&password=hunter22",
      headers: {
        Cookie: "__session=s3cret",
        Authorization: "Bearer t",
        "User-Agent": "Phone",
        Referer: "https://x/",
      },
    },
    exception: {
      values: [
        {
          type: "Error",
          value: "no row for sam@example.org",
          stacktrace: { frames: [{ vars: { password: "hunter22", email: "x@y.io", n: 3 } }] },
        },
      ],
    },
    breadcrumbs: [{ category: "fetch", data: { url: "/vote?email=a@b.co", method: "POST" } }],
  };
  const out = scrubErrorEvent(event);
  const text = JSON.stringify(out);

  it("keeps what finds the request: the id, the release, the method and path, the error's type", () => {
    expect(out.tags).toEqual({ request_id: "req-1" });
    expect(out.release).toBe("laugh-windsor@1");
    expect(out.request).toEqual({
      method: "POST",
      url: "https://laughwindsor.ca/contact",
      headers: { "User-Agent": "Phone", Referer: "https://x/" },
    });
    expect(out.exception.values[0].value).toBe("no row for [email]");
    expect(out.exception.values[0].stacktrace.frames[0].vars.n).toBe(3);
  });

  it("drops every e-mail address, password, cookie, query string, form body and user", () => {
    for (const secret of [
      "jane",
      "Jane.Doe",
      "sam@",
      "x@y.io",
      "a@b.co",
      "s3cret",
      "hunter22",
      "Bearer t",
      "1.2.3.4",
    ])
      expect(text).not.toContain(secret);
    expect(out.user).toBeUndefined();
    expect(out.message).toBe("vote refused for [email] twice");
    expect(out.breadcrumbs[0].data).toEqual({ url: "/vote", method: "POST" });
  });

  it("leaves an event without a request or breadcrumbs as it is, apart from e-mails", () => {
    expect(scrubErrorEvent({ message: "plain", level: "error" })).toEqual({
      message: "plain",
      level: "error",
    });
  });
});
