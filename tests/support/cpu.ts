/**
 * CPU-seconds of a process and everything it started (docs/decisions/test-kit.md: the browser
 * tests' costs). Reads /proc: each live descendant's own time plus what it reaped from its
 * children; a child that already exited is in its parent's reaped time. Linux only.
 */
import fs from "node:fs";

const TICKS_PER_SECOND = 100;

function stat(pid: string): { ppid: string; ticks: number } | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // After "pid (comm) ": state ppid ... utime(14) stime(15) cutime(16) cstime(17), 1-based.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    return { ppid: fields[1], ticks };
  } catch {
    return undefined; // gone between the listing and the read
  }
}

/** CPU-seconds used so far by `pid` and its descendants (live and reaped). */
export function treeCpuSeconds(pid = process.pid): number {
  const children = new Map<string, string[]>();
  const ticks = new Map<string, number>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(name);
    if (!s) continue;
    ticks.set(name, s.ticks);
    const list = children.get(s.ppid) ?? [];
    list.push(name);
    children.set(s.ppid, list);
  }
  let total = 0;
  const stack = [String(pid)];
  while (stack.length) {
    const p = stack.pop()!;
    total += ticks.get(p) ?? 0;
    stack.push(...(children.get(p) ?? []));
  }
  return total / TICKS_PER_SECOND;
}
