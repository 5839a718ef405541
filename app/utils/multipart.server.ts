/**
 * Multipart (file upload) posts, allowed on the event and comedian form routes only and read with strict
 * bounds (busboy): one file of at most 15 MB, a few hundred short text fields, nothing else.
 * Every other route keeps the urlencoded-only rule (server/pipeline.ts asks multipartAllowance).
 * Kept in one module so the bounded POST pipeline can call it for these routes.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";

/**
 * The routes whose form may carry a file (the staff event form and comedian form: new and edit;
 * the add form of /manage-comedians, its headshot).
 */
export const UPLOAD_PATHS = [
  /^\/admin\/events\/new\/?$/,
  /^\/admin\/events\/\d{1,10}\/?$/,
  /^\/admin\/comedians\/new\/?$/,
  /^\/admin\/comedians\/\d{1,10}\/?$/,
  /^\/manage-comedians\/?$/,
];
export const MAX_UPLOAD_FILE_BYTES = 15 * 1024 * 1024;
/** The whole request: the file plus the form's text fields. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_FILE_BYTES + 512 * 1024;

export type UploadLimits = {
  fileBytes: number;
  files: number;
  fields: number;
  fieldBytes: number;
  fileFields: readonly string[];
};
export const EVENT_FORM_UPLOAD: UploadLimits = {
  fileBytes: MAX_UPLOAD_FILE_BYTES,
  files: 1,
  fields: 300,
  fieldBytes: 64 * 1024,
  fileFields: ["poster"],
};
/** The comedian profile form's headshot (issue 42): the poster's bounds, a short form. */
export const COMEDIAN_FORM_UPLOAD: UploadLimits = {
  ...EVENT_FORM_UPLOAD,
  fields: 40,
  fileFields: ["headshot"],
};

/**
 * An uploaded file, streamed to a temporary file as it arrives (issue 38: ten posters held in
 * memory at once took the 512 MB machine over its limit). The form pipeline deletes the files of
 * a form it refuses, the form's handler the ones it takes (`discardUpload`); one left behind all
 * the same (a crash mid-request) is swept after UPLOAD_TTL_MS.
 */
export type UploadedFile = { field: string; filename: string; mimeType: string; path: string; size: number };

export const UPLOAD_DIR = path.join(os.tmpdir(), "laugh-uploads");
const UPLOAD_TTL_MS = 15 * 60 * 1000;

export function discardUpload(file: { path: string } | null | undefined) {
  if (file) fs.rm(file.path, { force: true }, () => {});
}

/** Deletes uploads older than UPLOAD_TTL_MS (left behind by a request that never finished). */
function sweepUploads(now = Date.now()) {
  fs.readdir(UPLOAD_DIR, (error, names) => {
    if (error) return;
    for (const name of names) {
      const file = path.join(UPLOAD_DIR, name);
      fs.stat(file, (err, stat) => {
        if (!err && now - stat.mtimeMs > UPLOAD_TTL_MS) fs.rm(file, { force: true }, () => {});
      });
    }
  });
}

export class MultipartError extends Error {
  constructor(
    message: string,
    public readonly status: 400 | 413 | 415,
  ) {
    super(message);
    this.name = "MultipartError";
  }
}

export function isMultipart(contentType: string | null | undefined) {
  return (contentType ?? "").split(";")[0].trim().toLowerCase() === "multipart/form-data";
}

/** A multipart post to an upload route (the server lets these through with the larger limit). */
export function isUploadRequest(method: string, pathname: string, contentType: string | null | undefined) {
  return method === "POST" && isMultipart(contentType) && UPLOAD_PATHS.some((p) => p.test(pathname));
}

/**
 * Reads a multipart body within the limits: text fields into a FormData (for the form schema),
 * files apart. Over a limit → MultipartError 413; malformed → 400. An empty file input is no file.
 */
export async function readBoundedMultipart(request: Request, limits: UploadLimits = EVENT_FORM_UPLOAD) {
  const contentType = request.headers.get("content-type");
  if (!isMultipart(contentType)) throw new MultipartError("Expected a multipart form.", 415);
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > limits.fileBytes + 512 * 1024)
    throw new MultipartError("The upload is larger than 15 MB.", 413);
  if (!request.body) throw new MultipartError("The form is empty.", 400);

  const formData = new FormData();
  const files: UploadedFile[] = [];
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType! },
      limits: {
        fileSize: limits.fileBytes,
        files: limits.files,
        fields: limits.fields,
        fieldSize: limits.fieldBytes,
        parts: limits.fields + limits.files,
        headerPairs: 50,
      },
    });
  } catch {
    throw new MultipartError("The form could not be read.", 400);
  }

  const pending: Promise<void>[] = [];
  const read = new Promise<void>((resolve, reject) => {
    let failed: MultipartError | null = null;
    const fail = (error: MultipartError) => {
      if (failed) return;
      failed = error;
      reject(error);
    };
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated)
        return fail(new MultipartError("A form field is too long.", 413));
      formData.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      if (!limits.fileFields.includes(name)) {
        stream.resume();
        return fail(new MultipartError("Unexpected file in the form.", 400));
      }
      sweepUploads();
      fs.mkdirSync(UPLOAD_DIR, { recursive: true });
      const file = path.join(UPLOAD_DIR, `${process.pid}-${crypto.randomBytes(8).toString("hex")}`);
      const out = fs.createWriteStream(file, { mode: 0o600 });
      let size = 0;
      let truncated = false;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
      });
      stream.on("limit", () => {
        truncated = true;
        fail(new MultipartError("The image is larger than 15 MB.", 413));
      });
      const written = new Promise<void>((done) => {
        out.on("close", done);
        out.on("error", () => {
          fail(new MultipartError("The upload could not be stored.", 400));
          done();
        });
      });
      pending.push(
        written.then(() => {
          // An empty file input is no file; a refused form keeps nothing.
          if (size === 0 || truncated || failed) return void fs.rm(file, { force: true }, () => {});
          files.push({
            field: name,
            filename: info.filename ?? "",
            mimeType: info.mimeType,
            path: file,
            size,
          });
        }),
      );
      stream.pipe(out);
    });
    parser.on("filesLimit", () => fail(new MultipartError("Only one image can be uploaded at a time.", 413)));
    parser.on("fieldsLimit", () => fail(new MultipartError("The form has too many fields.", 413)));
    parser.on("partsLimit", () => fail(new MultipartError("The form has too many parts.", 413)));
    parser.on("error", () => fail(new MultipartError("The form could not be read.", 400)));
    parser.on("close", () => {
      // Every file is on disk (and closed) before the form counts as read.
      void Promise.all(pending).then(() => {
        if (!failed) resolve();
      });
    });
    const body = Readable.fromWeb(request.body as NodeWebReadableStream);
    body.on("error", () => fail(new MultipartError("The upload was interrupted.", 400)));
    body.pipe(parser);
  });
  try {
    await read;
  } catch (error) {
    // Files still being written delete themselves once closed (`failed` is set).
    for (const file of files) discardUpload(file);
    throw error;
  }
  return { formData, files };
}
