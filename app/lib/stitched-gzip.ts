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
};

type Piece = {
  deflated: Buffer;
  identity: Buffer;
  crc: number;
  /** x^(8·length) mod the CRC polynomial: what crc32Combine needs of a piece, worked out once. */
  shift: number;
};

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** BFINAL=1, BTYPE=00 (stored), LEN=0, NLEN=0xffff: the end of the deflate stream. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/**
 * Cuts `text` at every `{name: placeholder}` occurrence and compresses the pieces. Placeholders
 * must not overlap each other or themselves.
 */
export function stitchTemplate(text: string, placeholders: Record<string, string>): StitchedTemplate {
  const found: { at: number; name: string; length: number }[] = [];
  for (const [name, marker] of Object.entries(placeholders)) {
    for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + marker.length))
      found.push({ at, name, length: marker.length });
  }
  found.sort((a, b) => a.at - b.at);
  const pieces: StitchedTemplate["pieces"] = [];
  let from = 0;
  for (const f of found) {
    pieces.push(piece(text.slice(from, f.at)));
    from = f.at + f.length;
  }
  pieces.push(piece(text.slice(from)));
  return { pieces, slots: found.map((f) => f.name) };
}

function piece(text: string) {
  const identity = Buffer.from(text, "utf8");
  return {
    identity,
    crc: crc32(identity),
    shift: crc32Shift(identity.length),
    deflated: zlib.deflateRawSync(identity, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
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
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  const add = (p: Piece) => {
    parts.push(p.deflated);
    crc = length === 0 ? p.crc : combineShifted(crc, p.crc, p.shift);
    length += p.identity.length;
  };
  for (let i = 0; i < template.slots.length; i++) {
    add(template.pieces[i]);
    const value = Buffer.from(values[template.slots[i]] ?? "", "utf8");
    if (value.length > 0) {
      for (let at = 0; at < value.length; at += 0xffff) {
        const chunk = value.subarray(at, at + 0xffff);
        const header = Buffer.alloc(5);
        header[0] = 0x00;
        header.writeUInt16LE(chunk.length, 1);
        header.writeUInt16LE(~chunk.length & 0xffff, 3);
        parts.push(header, chunk);
      }
      const valueCrc = crc32(value);
      crc = length === 0 ? valueCrc : combineShifted(crc, valueCrc, valueShift(value.length));
      length += value.length;
    }
  }
  add(template.pieces[template.pieces.length - 1]);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(parts);
}

/** The page with `values` in its slots, uncompressed. */
export function stitchIdentity(template: StitchedTemplate, values: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < template.slots.length; i++)
    parts.push(template.pieces[i].identity, Buffer.from(values[template.slots[i]] ?? "", "utf8"));
  parts.push(template.pieces[template.pieces.length - 1].identity);
  return Buffer.concat(parts);
}

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
