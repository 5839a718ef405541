// Writes .br (quality 11) and .gz (level 9) next to every fingerprinted asset in
// public/build, once at build time; the server sends them as they are (express-static-gzip).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = "public/build";
let files = 0;
for (const entry of fs.readdirSync(root, { recursive: true })) {
  const file = path.join(root, String(entry));
  if (!/\.(js|css|map|svg|json)$/.test(file) || !fs.statSync(file).isFile()) continue;
  const body = fs.readFileSync(file);
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  files++;
}
console.log(`precompressed ${files} assets`);
