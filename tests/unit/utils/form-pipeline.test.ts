import fs from "node:fs";
import { INTENT, serializeIntent } from "@conform-to/dom";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { eventFormSchema } from "~/lib/event-form";
import { contactSchema } from "~/lib/forms/contact";
import {
  fieldErrors,
  parseSubmission,
  overBudget,
  refusedHeaders,
  FormRefused,
  handleForm,
  PUBLIC_FORM_LIMITS,
  readBoundedUrlencoded,
  refusal,
  SERVER_FORM_LIMITS,
  UrlencodedCounter,
  repeatedNames,
} from "~/utils/form-pipeline.server";
import { discardUpload, EVENT_FORM_UPLOAD, UPLOAD_DIR } from "~/utils/multipart.server";

/**
 * The server half of issue 13 at unit level: bounded form reading (the a=&a=&... stall),
 * one refusal shape, encoding negotiation and the live-stream bound (malformed request targets
 * and safe redirects, pure rules in app/lib, are in tests/unit/lib/request-target.test.ts). tests/e2e/hostile-traffic.spec.ts runs the same classes over HTTP.
 */

const ORIGIN = "http://localhost";

const post = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}/contact`, {
    method: "POST",
    body,
    headers: {
      Origin: ORIGIN,
      Host: "localhost",
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
    duplex: "half",
  } as RequestInit);

describe("overBudget: the one 429 answer", () => {
  it("keeps the route's reply, says when to try again in whole seconds, and is never stored", async () => {
    const response = overBudget({ error: "Too many attempts." }, { retryAfterSeconds: 12.2 });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("13");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: "Too many attempts." });
  });

  it("never says Retry-After: 0", () => {
    expect(overBudget({}, { retryAfterSeconds: 0 }).headers.get("Retry-After")).toBe("1");
    expect(refusedHeaders(undefined).has("Retry-After")).toBe(false);
  });
});

describe("UrlencodedCounter", () => {
  const limits = { maxBytes: 100, maxFields: 3, maxFieldBytes: 10 };
  it("counts pairs across chunk boundaries and refuses the one too many", () => {
    const c = new UrlencodedCounter(limits);
    expect(c.push(Buffer.from("a=1&b"))).toBeNull();
    expect(c.push(Buffer.from("=2&c=3"))).toBeNull();
    expect(c.end()).toBeNull();
    const d = new UrlencodedCounter(limits);
    expect(d.push(Buffer.from("a=&a=&a=&a="))).toBeNull(); // three pairs closed by "&"
    expect(d.end()?.status).toBe(400); // the fourth
  });
  it("refuses a pair that is too long and a body that is too large (413)", () => {
    expect(new UrlencodedCounter(limits).push(Buffer.from("a=12345678901"))?.status).toBe(413);
    const c = new UrlencodedCounter({ ...limits, maxFields: 1000 });
    expect(c.push(Buffer.from("a=1&".repeat(30)))?.status).toBe(413);
  });
  it("does not count empty pairs (&&&) as fields but counts their bytes", () => {
    const c = new UrlencodedCounter(limits);
    expect(c.push(Buffer.from("&&&&&&a=1&&&"))).toBeNull();
    expect(c.end()).toBeNull();
  });
});

describe("readBoundedUrlencoded", () => {
  it("refuses 240 KB of a=&a=&... while counting its fields, before any parser sees it", async () => {
    const body = "a=&".repeat(80_000);
    const error = await readBoundedUrlencoded(post(body).body, SERVER_FORM_LIMITS).catch((e) => e);
    expect(error).toBeInstanceOf(FormRefused);
  });
  it("stops reading a stream as soon as a bound breaks (the rest is never pulled)", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(Buffer.from("x=1&".repeat(1000)));
        if (pulled > 1000) controller.close();
      },
    });
    await expect(readBoundedUrlencoded(stream, PUBLIC_FORM_LIMITS)).rejects.toBeInstanceOf(FormRefused);
    expect(pulled).toBeLessThan(5);
  });
});

describe("handleForm (the pipeline)", () => {
  const schema = z.object({ name: z.string().min(1, "Name is required") });
  const honeypot = () => new Response(null, { status: 302, headers: { Location: "/thanks" } });

  it("parses a valid post", async () => {
    const result = await handleForm(post("name=Ann"), { schema, honeypot });
    expect(result.ok && result.value).toEqual({ name: "Ann" });
  });
  it("refuses a duplicated field with 400 (nothing parsed)", async () => {
    const result = await handleForm(post("name=Ann&name=Bob"), { schema, honeypot });
    expect(!result.ok && result.response.status).toBe(400);
  });
  it("answers the honeypot with the route's success answer", async () => {
    const result = await handleForm(post("name=Ann&website=spam"), { schema, honeypot });
    expect(!result.ok && result.response.status).toBe(302);
  });
  it("refuses a non-form body (415); the Origin is the server pipeline's (below), not checked again here", async () => {
    const json = await handleForm(post("{}", { "Content-Type": "application/json" }), { schema, honeypot });
    expect(!json.ok && json.response.status).toBe(415);
    const foreign = await handleForm(post("name=Ann", { Origin: "https://evil.example" }), {
      schema,
      honeypot,
    });
    expect(foreign.ok).toBe(true);
  });
  it("answers an invalid post 400 with Conform's reply: the values as sent and each field's message", async () => {
    const required = z.object({ name: z.string({ error: "Name is required" }), note: z.string().optional() });
    const result = await handleForm(post("name=&note=kept"), { schema: required, honeypot });
    expect(!result.ok && result.response.status).toBe(400);
    if (result.ok) return;
    const reply = await result.response.json();
    expect(reply.error).toEqual({ name: ["Name is required"] });
    expect(reply.initialValue).toEqual({ note: "kept" });
  });
  it("a refusal after validation keeps the values, above the form or next to a field", async () => {
    const result = await handleForm(post("name=Ann"), { schema, honeypot });
    if (!result.ok) throw new Error("expected a valid post");
    const above = result.error("Could not save.", { status: 500 });
    expect(above.status).toBe(500);
    expect(above.headers.get("Cache-Control")).toBe("no-store");
    expect(await above.json()).toMatchObject({
      error: { "": ["Could not save."] },
      initialValue: { name: "Ann" },
    });
    const beside = await result.error("Taken.", { field: "name" }).json();
    expect(beside.error).toEqual({ name: ["Taken."] });
  });
  it("reads a multipart post only where the form takes uploads: its fields through the schema, its file apart", async () => {
    const body = new FormData();
    body.append("name", "Ann");
    body.append("poster", new Blob([Buffer.from("jpeg")]), "p.jpg");
    const multipart = () => new Request(`${ORIGIN}/admin/events/new`, { method: "POST", body });
    const refused = await handleForm(multipart(), { schema });
    expect(!refused.ok && refused.response.status).toBe(415);
    const read = await handleForm(multipart(), { schema, uploads: EVENT_FORM_UPLOAD });
    if (!read.ok) throw new Error("expected the upload to be read");
    expect(read.value).toEqual({ name: "Ann" });
    // Issue 38: the file is streamed to a temporary file; the handler that takes it deletes it.
    expect(read.files.map((f) => [f.field, fs.readFileSync(f.path, "utf8")])).toEqual([["poster", "jpeg"]]);
    for (const file of read.files) discardUpload(file);
    body.append("name", "Bob");
    const twice = await handleForm(multipart(), { schema, uploads: EVENT_FORM_UPLOAD });
    expect(!twice.ok && twice.response.status).toBe(400);
  });
  it("a refused multipart form keeps no temporary file (a name twice, a field the schema refuses)", async () => {
    const mine = () => (fs.existsSync(UPLOAD_DIR) ? fs.readdirSync(UPLOAD_DIR) : []);
    const before = new Set(mine());
    const added = () => mine().filter((f) => !before.has(f) && f.startsWith(`${process.pid}-`));
    const form = (names: string[]) => {
      const body = new FormData();
      for (const name of names) body.append("name", name);
      body.append("poster", new Blob([Buffer.from("jpeg")]), "p.jpg");
      return new Request(`${ORIGIN}/admin/events/new`, { method: "POST", body });
    };
    const twice = await handleForm(form(["Ann", "Bob"]), { schema, uploads: EVENT_FORM_UPLOAD });
    expect(!twice.ok && twice.response.status).toBe(400);
    const invalid = await handleForm(form([""]), { schema, uploads: EVENT_FORM_UPLOAD });
    expect(!invalid.ok && invalid.response.status).toBe(400);
    const deadline = Date.now() + 5_000;
    while (added().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(added()).toEqual([]);
  });
  it("a staff form (no honeypot option) reads the honeypot's name as an ordinary field", async () => {
    const result = await handleForm(post("name=Ann&website=x"), { schema });
    expect(result.ok).toBe(true);
  });
  it("several forms on one action: one discriminated schema, the intent picks the branch and its messages", async () => {
    const intents = z.discriminatedUnion("intent", [
      z.object({ intent: z.literal("add"), name: z.string({ error: "Name is required" }) }),
      z.object({ intent: z.literal("delete"), id: z.coerce.number() }),
    ]);
    const add = await handleForm(post("intent=add"), { schema: intents });
    expect(!add.ok && (await add.response.json()).error).toEqual({ name: ["Name is required"] });
    const del = await handleForm(post("intent=delete&id=4"), { schema: intents });
    expect(del.ok && del.value).toEqual({ intent: "delete", id: 4 });
  });
  it("spends the budget only on valid input; over budget is a 429 with Retry-After and no-store", async () => {
    let spent = 0;
    const budget = async () =>
      ++spent > 1
        ? { ok: false as const, retryAfterSeconds: 42, message: "Too many." }
        : { ok: true as const };
    await handleForm(post("name="), { schema, honeypot, budget });
    expect(spent).toBe(0);
    await handleForm(post("name=Ann"), { schema, honeypot, budget });
    const over = await handleForm(post("name=Ann"), { schema, honeypot, budget });
    expect(over.ok).toBe(false);
    if (over.ok) return;
    expect(over.response.status).toBe(429);
    expect(over.response.headers.get("Retry-After")).toBe("42");
    expect(over.response.headers.get("Cache-Control")).toBe("no-store");
    expect(JSON.stringify(await over.response.json())).toContain("Too many.");
  });
});

describe("fieldErrors: the one place a zod issue becomes a field's message", () => {
  const schema = z
    .object({
      title: z.string({ error: "Give the show a title" }).min(3, "At least 3 letters"),
      dates: z.array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Pick a date") })),
    })
    .refine((v) => v.title !== "TBA", "A real title, please");

  it("names each field as the page's form does, keeps every message in order, and the form's own under ''", () => {
    const nested = schema.safeParse({ title: 12, dates: [{ date: "2026-11-27" }, { date: "soon" }] });
    expect(!nested.success && fieldErrors(nested.error)).toEqual({
      title: ["Give the show a title"],
      "dates[1].date": ["Pick a date"],
    });
    const formLevel = schema.safeParse({ title: "TBA", dates: [] });
    expect(!formLevel.success && fieldErrors(formLevel.error)).toEqual({ "": ["A real title, please"] });
    const two = z
      .string()
      .min(3, "Too short")
      .regex(/^[a-z]+$/, "Letters only")
      .safeParse("A1");
    expect(!two.success && fieldErrors(two.error)).toEqual({ "": ["Too short", "Letters only"] });
  });

  it("the server's parse says what the browser's (Conform's parseWithZod) says: names, messages, values", () => {
    const forms: [z.ZodTypeAny, Record<string, string>][] = [
      [contactSchema, {}],
      [contactSchema, { name: " ", email: "not-an-email", message: "hi" }],
      [eventFormSchema, { title: "", "dates[0].date": "2026-13-40", "dates[1].date": "" }],
      [eventFormSchema, { title: "Show", "dates[0].date": "2026-11-27", [INTENT]: insertDate }],
    ];
    for (const [formSchema, fields] of forms) {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.append(name, value);
      const ours = parseSubmission(data, formSchema);
      const conform = parseWithZod(data, { schema: formSchema });
      expect(ours.status, JSON.stringify(fields)).toBe(conform.status);
      expect(ours.reply(), JSON.stringify(fields)).toEqual(conform.reply());
      expect(ours.status === "success" && ours.value).toEqual(conform.status === "success" && conform.value);
    }
    // Not vacuous: the refused ones carry messages.
    const empty = parseSubmission(new FormData(), contactSchema);
    expect(empty.status === "error" && Object.keys(empty.error ?? {}).length).toBeGreaterThan(1);
  });
});

const insertDate = serializeIntent({ type: "insert", payload: { name: "dates" } });

describe("refusal: one shape", () => {
  it("text or JSON, always no-store, Retry-After only when given", async () => {
    const text = refusal(400, "Bad.");
    expect(text.headers.get("Content-Type")).toMatch(/text\/plain/);
    expect(text.headers.get("Retry-After")).toBeNull();
    const json = refusal(429, { error: "Slow down" }, 9.2);
    expect(json.headers.get("Retry-After")).toBe("10");
    expect(json.headers.get("Cache-Control")).toBe("no-store");
    expect(await json.json()).toEqual({ error: "Slow down" });
  });
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
