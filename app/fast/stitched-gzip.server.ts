import zlib from "node:zlib";

/**
 * A page compressed once, with a few short per-request values put in at send time, still as one
 * valid gzip body: no compression per request.
 *
 * The page is cut at its placeholders. Each fixed piece is deflated once on its own (a fresh
 * raw deflate stream, ended with a sync flush: byte-aligned, not final, no back-references
 * outside itself). Per request the values go between the pieces as "stored" deflate blocks
 * (RFC 1951 3.2.4: uncompressed, byte-aligned), an empty final stored block ends the stream,
 * and the gzip trailer's CRC-32 is combined from the pieces' precomputed CRCs (zlib's
 * crc32_combine) instead of reading the whole page again.
 */
export type StitchedTemplate = {
  /** Fixed text between the slots: pieces.length === slots.length + 1. */
  pieces: Piece[];
  /** The slot names, in page order (a name may appear several times). */
  slots: string[];
  /**
   * Bytes every value of each slot must have (`sameLengthValues`): the pieces were compressed
   * knowing what lies before them, so a value of another length would corrupt the page.
   */
  valueBytes?: Record<string, number>;
};

type Piece = {
  deflated: Buffer;
  /** The text itself; empty when the template was made without it (`keepIdentity: false`). */
  identity: Buffer;
  /** Bytes of the text. */
  length: number;
  crc: number;
  /** x^(8·length) mod the CRC polynomial: what crc32Combine needs of a piece, worked out once. */
  shift: number;
};

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** BFINAL=1, BTYPE=00 (stored), LEN=0, NLEN=0xffff: the end of the deflate stream. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/**
 * Cuts `text` at every `{name: placeholder}` occurrence and compresses the pieces. Placeholders
 * must not overlap each other or themselves. `keepIdentity: false` keeps only the compressed
 * pieces (a cache of many pages: stitchIdentity is then not available).
 *
 * `sameLengthValues`: every value will have its placeholder's length (a nonce). Then each piece is
 * compressed with the text before it as its preset dictionary, the slots in it as NUL bytes, so it
 * can refer back across the cuts as one deflate stream would (the home page: 13.3 KB instead of
 * 14.8 KB, one TCP round trip less on a phone: docs/decisions/performance.md). This is safe
 * because a match copies bytes equal to the piece's own, and HTML has no NUL: no match can reach
 * into a slot, whose bytes differ per request. A text with a NUL byte is compressed piece by piece.
 */
export function stitchTemplate(
  text: string,
  placeholders: Record<string, string>,
  { keepIdentity = true, sameLengthValues = false } = {},
): StitchedTemplate {
  const found: { at: number; name: string; length: number }[] = [];
  for (const [name, marker] of Object.entries(placeholders)) {
    for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + marker.length))
      found.push({ at, name, length: marker.length });
  }
  found.sort((a, b) => a.at - b.at);
  const cuts: { text: Buffer; slotBytes: number }[] = [];
  let from = 0;
  for (const f of found) {
    cuts.push({
      text: Buffer.from(text.slice(from, f.at), "utf8"),
      slotBytes: Buffer.byteLength(text.slice(f.at, f.at + f.length)),
    });
    from = f.at + f.length;
  }
  cuts.push({ text: Buffer.from(text.slice(from), "utf8"), slotBytes: 0 });
  const chained = sameLengthValues && !Buffer.from(text, "utf8").includes(0);
  const pieces: StitchedTemplate["pieces"] = [];
  let before: Buffer[] = [];
  for (const cut of cuts) {
    const dictionary = chained && before.length ? Buffer.concat(before).subarray(-WINDOW) : undefined;
    pieces.push(piece(cut.text, keepIdentity, dictionary));
    if (chained)
      before = [Buffer.concat([...before, cut.text, Buffer.alloc(cut.slotBytes)]).subarray(-WINDOW)];
  }
  const slots = found.map((f) => f.name);
  if (!chained) return { pieces, slots };
  const valueBytes: Record<string, number> = {};
  for (const [name, marker] of Object.entries(placeholders)) valueBytes[name] = Buffer.byteLength(marker);
  return { pieces, slots, valueBytes };
}

/** Deflate's window: how far back a match may reach. */
const WINDOW = 32 * 1024;

function piece(identity: Buffer, keepIdentity: boolean, dictionary?: Buffer): Piece {
  return {
    identity: keepIdentity ? identity : Buffer.alloc(0),
    length: identity.length,
    crc: crc32(identity),
    shift: crc32Shift(identity.length),
    deflated: zlib.deflateRawSync(identity, {
      level: 9,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      ...(dictionary ? { dictionary } : {}),
    }),
  };
}

/** How many times each slot appears. */
export function slotCounts(template: StitchedTemplate): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of template.slots) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

/** The page with `values` in its slots, as one gzip body. */
export function stitchGzip(template: StitchedTemplate, values: Record<string, string>): Buffer {
  const { pieces, slots, valueBytes } = template;
  let size = GZIP_HEADER.length + FINAL_EMPTY_BLOCK.length + 8;
  for (const p of pieces) size += p.deflated.length;
  for (const name of slots) {
    const bytes = Buffer.byteLength(values[name] ?? "", "utf8");
    if (valueBytes && bytes !== valueBytes[name])
      throw new Error(`stitchGzip: "${name}" must be ${valueBytes[name]} bytes, as its placeholder was`);
    size += bytes + STORED_HEADER * Math.ceil(bytes / MAX_STORED);
  }
  const out = Buffer.alloc(size);
  let at = GZIP_HEADER.copy(out, 0);
  let crc = 0;
  let length = 0;
  const append = (pieceCrc: number, shift: number, pieceLength: number) => {
    crc = length === 0 ? pieceCrc : combineShifted(crc, pieceCrc, shift);
    length += pieceLength;
  };
  for (let i = 0; i <= slots.length; i++) {
    const p = pieces[i];
    at += p.deflated.copy(out, at);
    append(p.crc, p.shift, p.length);
    if (i === slots.length) break;
    const value = values[slots[i]] ?? "";
    if (value === "") continue;
    // The value as stored blocks of at most 65,535 bytes: a 5-byte header each, then the bytes.
    const bytes = Buffer.byteLength(value, "utf8");
    const encoded = bytes <= MAX_STORED ? null : Buffer.from(value, "utf8"); // never for a token
    let valueCrc = 0;
    for (let done = 0; done < bytes; done += MAX_STORED) {
      const chunk = Math.min(MAX_STORED, bytes - done);
      out[at] = 0x00;
      out.writeUInt16LE(chunk, at + 1);
      out.writeUInt16LE(~chunk & 0xffff, at + 3);
      at += STORED_HEADER;
      if (encoded) encoded.copy(out, at, done, done + chunk);
      else out.write(value, at, chunk, "utf8");
      valueCrc = crc32(out.subarray(at, at + chunk), valueCrc);
      at += chunk;
    }
    append(valueCrc, valueShift(bytes), bytes);
  }
  at += FINAL_EMPTY_BLOCK.copy(out, at);
  out.writeUInt32LE(crc >>> 0, at);
  out.writeUInt32LE(length >>> 0, at + 4);
  return out;
}

/** The page with `values` in its slots, uncompressed. */
export function stitchIdentity(template: StitchedTemplate, values: Record<string, string>): Buffer {
  const { pieces, slots } = template;
  let size = 0;
  for (const p of pieces) {
    if (p.identity.length !== p.length)
      throw new Error("stitchIdentity: the template was made without its text");
    size += p.length;
  }
  for (const name of slots) size += Buffer.byteLength(values[name] ?? "", "utf8");
  const out = Buffer.alloc(size);
  let at = 0;
  for (let i = 0; i < slots.length; i++) {
    at += pieces[i].identity.copy(out, at);
    at += out.write(values[slots[i]] ?? "", at, "utf8");
  }
  pieces[slots.length].identity.copy(out, at);
  return out;
}

const STORED_HEADER = 5;
const MAX_STORED = 0xffff;

// CRC-32 (IEEE, reflected, as gzip uses it).
const TABLE = new Int32Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  TABLE[n] = c;
}

export function crc32(data: Uint8Array, start = 0): number {
  let c = ~start;
  for (let i = 0; i < data.length; i++) c = TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

// crc32_combine as in zlib 1.2.12+: multiply by x^(8·len2) modulo the CRC polynomial.
const POLY = 0xedb88320;
function multModP(a: number, b: number) {
  let m = 1 << 31;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}
const X2N = new Uint32Array(32);
X2N[0] = 1 << 30;
for (let n = 1; n < 32; n++) X2N[n] = multModP(X2N[n - 1], X2N[n - 1]);
function x2nModP(n: number, k: number) {
  let p = 1 << 31;
  while (n) {
    if (n & 1) p = multModP(X2N[k & 31], p);
    n = Math.floor(n / 2);
    k++;
  }
  return p >>> 0;
}

/** CRC-32 of A followed by B, from crc(A), crc(B) and B's length. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return combineShifted(crcA, crcB, crc32Shift(lengthB));
}

/** The part of crc32Combine that depends only on B's length (a fixed piece's is kept). */
function crc32Shift(lengthB: number) {
  return x2nModP(lengthB, 3);
}

/** A slot's values have a few lengths (a token's is fixed): their shifts are kept, at most 64. */
const valueShifts = new Map<number, number>();
function valueShift(length: number) {
  let shift = valueShifts.get(length);
  if (shift === undefined) {
    if (valueShifts.size >= 64) valueShifts.clear();
    shift = crc32Shift(length);
    valueShifts.set(length, shift);
  }
  return shift;
}

function combineShifted(crcA: number, crcB: number, shiftB: number) {
  return (multModP(shiftB, crcA >>> 0) ^ crcB) >>> 0;
}
