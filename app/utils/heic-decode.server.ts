/**
 * HEIC/HEIF photos from phones. The prebuilt sharp (libheif without an HEVC decoder) cannot read
 * them, so they are decoded by `heic-decode` (libheif compiled to WebAssembly: no native build
 * step) to raw RGBA pixels that go into sharp like any other original.
 *
 * The decode runs in a short-lived worker thread:
 * - it is synchronous WebAssembly work (about a second for a 12 MP photo on a quiet core), which
 *   must not stall every other request on the event loop;
 * - a WebAssembly memory only grows: ending the worker gives its memory back at once, instead of
 *   keeping the largest photo ever decoded resident in the server;
 * - a time limit ends a decode that never finishes.
 * libheif applies the photo's rotation and mirroring (`irot`/`imir`, how phones record a turned
 * camera); the EXIF orientation inside a HEIC is ignored, as the HEIF format requires.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

export type RawImage = { width: number; height: number; data: Buffer };

export class HeicDecodeError extends Error {
  constructor(
    message: string,
    public readonly kind: "too-large" | "unreadable",
  ) {
    super(message);
    this.name = "HeicDecodeError";
  }
}

/** Time allowed for one decode (a 24 MP photo takes a few seconds on a loaded 2-core machine). */
export const HEIC_DECODE_TIMEOUT_MS = 60_000;

// CommonJS, evaluated in the worker. The pixel limit is checked on the declared size of the
// primary image after parsing the container and before any pixel is decoded.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const decode = require(workerData.modulePath);
(async () => {
  const images = await decode.all({ buffer: workerData.bytes });
  try {
    const image = images[0];
    if (!image) throw Object.assign(new Error("no image inside"), { kind: "unreadable" });
    if (image.width * image.height > workerData.maxPixels) {
      parentPort.postMessage({ tooLarge: true, width: image.width, height: image.height });
      return;
    }
    const out = await image.decode();
    const data = new Uint8Array(out.data.buffer, out.data.byteOffset, out.data.byteLength);
    parentPort.postMessage({ width: out.width, height: out.height, data }, [data.buffer]);
  } finally {
    images.dispose();
  }
})().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

let modulePath: string | null = null;
function heicModulePath() {
  modulePath ??= createRequire(import.meta.url).resolve("heic-decode");
  return modulePath;
}

/**
 * Decodes the primary image of a HEIC/HEIF file to RGBA (4 channels). Refuses, before decoding,
 * an image whose declared width × height exceeds maxPixels.
 */
export function decodeHeic(
  bytes: Buffer,
  maxPixels: number,
  timeoutMs = HEIC_DECODE_TIMEOUT_MS,
): Promise<RawImage> {
  return new Promise<RawImage>((resolve, reject) => {
    const copy = new Uint8Array(bytes); // the worker gets its own copy (the caller keeps the original)
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { modulePath: heicModulePath(), bytes: copy, maxPixels },
      // The JS heap of the worker stays small; pixels live in ArrayBuffers and WebAssembly memory.
      resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () => finish(() => reject(new HeicDecodeError("The HEIC photo took too long to read.", "unreadable"))),
      timeoutMs,
    );
    worker.once(
      "message",
      (m: { error?: string; tooLarge?: boolean; width: number; height: number; data?: Uint8Array }) => {
        if (m.tooLarge) {
          finish(() =>
            reject(
              new HeicDecodeError(`The HEIC photo is ${m.width}×${m.height}, too many pixels.`, "too-large"),
            ),
          );
        } else if (m.error || !m.data) {
          finish(() =>
            reject(
              new HeicDecodeError(
                `The HEIC photo could not be read (${m.error ?? "no pixels"}).`,
                "unreadable",
              ),
            ),
          );
        } else {
          const data = Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength);
          finish(() => resolve({ width: m.width, height: m.height, data }));
        }
      },
    );
    worker.once("error", (error) =>
      finish(() =>
        reject(new HeicDecodeError(`The HEIC photo could not be read (${error.message}).`, "unreadable")),
      ),
    );
    worker.once("exit", (code) =>
      finish(() =>
        reject(
          new HeicDecodeError(`The HEIC photo could not be read (decoder stopped, ${code}).`, "unreadable"),
        ),
      ),
    );
  });
}
