import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  discardUpload,
  isUploadRequest,
  MultipartError,
  readBoundedMultipart,
  UPLOAD_DIR,
} from "~/utils/multipart.server";

/** The event form's multipart posts: read within strict bounds, on the two form routes only. */

function post(form: FormData) {
  return new Request("http://localhost/admin/events/new", { method: "POST", body: form });
}

async function asBuffered(form: FormData) {
  // Give the request a declared length, as browsers do.
  const tmp = new Request("http://x/", { method: "POST", body: form });
  const body = Buffer.from(await tmp.arrayBuffer());
  return new Request("http://localhost/admin/events/new", {
    method: "POST",
    body,
    headers: { "content-type": tmp.headers.get("content-type")!, "content-length": String(body.length) },
  });
}

describe("bounded multipart", () => {
  it("reads the text fields and the poster apart; an empty file input is no file", async () => {
    const form = new FormData();
    form.append("title", "Friday Laughs");
    form.append("dates[0].date", "2030-01-01");
    form.append("poster", new Blob([Buffer.from("abc")]), "p.jpg");
    const { formData, files } = await readBoundedMultipart(post(form));
    expect(formData.get("title")).toBe("Friday Laughs");
    expect(formData.get("dates[0].date")).toBe("2030-01-01");
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ field: "poster", filename: "p.jpg" });
    // Streamed to a temporary file, not held in memory.
    expect(fs.readFileSync(files[0].path, "utf8")).toBe("abc");
    expect(files[0].size).toBe(3);
    discardUpload(files[0]);

    const empty = new FormData();
    empty.append("title", "x");
    empty.append("poster", new Blob([]), "");
    expect((await readBoundedMultipart(post(empty))).files).toEqual([]);
  });

  it("refuses a file over 15 MB, a second file and a file in another field", async () => {
    const big = new FormData();
    big.append("poster", new Blob([Buffer.alloc(15 * 1024 * 1024 + 10)]), "big.jpg");
    await expect(readBoundedMultipart(post(big))).rejects.toMatchObject({ status: 413 });
    await expect(readBoundedMultipart(await asBuffered(big))).rejects.toMatchObject({ status: 413 });

    const two = new FormData();
    two.append("poster", new Blob([Buffer.from("a")]), "a.jpg");
    two.append("poster", new Blob([Buffer.from("b")]), "b.jpg");
    await expect(readBoundedMultipart(post(two))).rejects.toBeInstanceOf(MultipartError);

    const other = new FormData();
    other.append("avatar", new Blob([Buffer.from("a")]), "a.jpg");
    await expect(readBoundedMultipart(post(other))).rejects.toMatchObject({ status: 400 });
  });

  it("refuses an over-long text field and too many fields", async () => {
    const long = new FormData();
    long.append("description", "x".repeat(70 * 1024));
    await expect(readBoundedMultipart(post(long))).rejects.toMatchObject({ status: 413 });
    const many = new FormData();
    for (let i = 0; i < 400; i++) many.append(`f${i}`, "1");
    await expect(readBoundedMultipart(post(many))).rejects.toMatchObject({ status: 413 });
  });

  it("lets multipart through only on the event form routes", () => {
    const mp = "multipart/form-data; boundary=x";
    expect(isUploadRequest("POST", "/admin/events/new", mp)).toBe(true);
    expect(isUploadRequest("POST", "/admin/events/12", mp)).toBe(true);
    expect(isUploadRequest("POST", "/admin/events/12/archive", mp)).toBe(false);
    expect(isUploadRequest("POST", "/vote", mp)).toBe(false);
    expect(isUploadRequest("POST", "/admin/events/new", "application/x-www-form-urlencoded")).toBe(false);
    expect(isUploadRequest("GET", "/admin/events/new", mp)).toBe(false);
  });

  it("keeps no temporary file of a refused form", async () => {
    const mine = () =>
      fs.existsSync(UPLOAD_DIR)
        ? fs.readdirSync(UPLOAD_DIR).filter((f) => f.startsWith(`${process.pid}-`))
        : [];
    const before = new Set(mine());
    const added = () => mine().filter((f) => !before.has(f));
    const big = new FormData();
    big.append("poster", new Blob([new Uint8Array(15 * 1024 * 1024 + 10)]), "big.jpg");
    await expect(readBoundedMultipart(post(big))).rejects.toMatchObject({ status: 413 });
    const other = new FormData();
    other.append("poster", new Blob([new Uint8Array(10)]), "a.jpg");
    other.append("extra", new Blob([new Uint8Array(10)]), "b.jpg");
    await expect(readBoundedMultipart(post(other))).rejects.toBeInstanceOf(MultipartError);
    // Files still being written go once closed.
    const deadline = Date.now() + 5_000;
    while (added().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(added()).toEqual([]);
  });
});
