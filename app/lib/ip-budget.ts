import ipaddr from "ipaddr.js";

/**
 * The address a per-IP budget counts a client under (login, the gates, room codes, votes, the
 * public forms): an IPv4 address as it is, and an IPv6 address by its /64 network. One home or
 * phone connection is given a whole IPv6 /64 (2^64 addresses, RFC 6177): counted address by
 * address, a single subscriber could take a fresh budget for every request, and fill the
 * server's memory with budgets while doing it. An IPv4-mapped address (::ffff:a.b.c.d, what a
 * dual-stack socket reports) counts as its IPv4 address; anything that is not an address (the
 * "unknown" of a socket already closed) is kept as given.
 */
export function ipBudgetKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(":")}::/64`;
}
