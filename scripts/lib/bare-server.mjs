/**
 * The bench's limit (scripts/bench.ts): a bare node:http server in a process of its own (not
 * the load tool's, not the app's), answering every request with the exact bytes and headers
 * the app sent for one page (its compressed body, Content-Encoding, CSP, Cache-Control...).
 * No framework, no per-request work: what the machine can serve at best.
 *
 * Usage: node scripts/lib/bare-server.mjs RESPONSE.json BODY.bin; prints the port on stdout.
 * RESPONSE.json: { "status": 200, "headers": [[name, value], ...] }.
 */
import fs from "node:fs";
import http from "node:http";

const [responseFile, bodyFile] = process.argv.slice(2);
const response = JSON.parse(fs.readFileSync(responseFile, "utf8"));
const body = fs.readFileSync(bodyFile);
const skip = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length"]);
/** Flat [name, value, name, value...]: writeHead takes it as is, no object built per request. */
const headers = response.headers.filter(([name]) => !skip.has(name.toLowerCase())).flat();
headers.push("Content-Length", String(body.length));

const server = http.createServer((_req, res) => {
  res.writeHead(response.status, headers);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
// The bench holds our stdin: when it goes away (even killed), so do we.
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
