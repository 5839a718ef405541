/**
 * A DNS rebinding server, in the process (issue 39): loaded into the attack's server with
 * NODE_OPTIONS=--import, it answers names ending in ".rebind.test" the way an attacker's DNS
 * with a TTL of 0 would: a public address to the first look-up of each name (the address
 * check), 127.0.0.1 to every later one (the connection). Nothing else is touched, and no
 * answer ever sends traffic off the machine: only the first look-up is public, and a fetch
 * that connects uses a later one.
 */
import dns from "node:dns";

const PUBLIC = "93.184.215.14";
const seen = new Map();
const answer = (hostname) => {
  const n = (seen.get(hostname) ?? 0) + 1;
  seen.set(hostname, n);
  return n === 1 ? { address: PUBLIC, family: 4 } : { address: "127.0.0.1", family: 4 };
};
const rebinds = (hostname) => typeof hostname === "string" && hostname.endsWith(".rebind.test");

const lookup = dns.lookup;
dns.lookup = function (hostname, options, callback) {
  if (!rebinds(hostname)) return lookup.apply(this, arguments);
  const cb = typeof options === "function" ? options : callback;
  const all = typeof options === "object" && options !== null && options.all;
  const a = answer(hostname);
  process.nextTick(() => (all ? cb(null, [a]) : cb(null, a.address, a.family)));
};

const promisesLookup = dns.promises.lookup;
dns.promises.lookup = function (hostname, options) {
  if (!rebinds(hostname)) return promisesLookup.apply(this, arguments);
  const a = answer(hostname);
  return Promise.resolve(options && options.all ? [a] : a);
};
