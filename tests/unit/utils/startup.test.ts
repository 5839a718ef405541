import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isLiteFsReplica } from "~/utils/startup.server";

describe("isLiteFsReplica", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  const mount = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "litefs-"));
    dirs.push(dir);
    return dir;
  };

  it("is false on the primary and on a plain volume (no .primary file)", () => {
    expect(isLiteFsReplica(path.join(mount(), "app.db"))).toBe(false);
    expect(isLiteFsReplica(":memory:")).toBe(false);
  });

  it("is true when LiteFS names the primary next to the database", () => {
    const dir = mount();
    fs.writeFileSync(path.join(dir, ".primary"), "primary-host.internal\n");
    expect(isLiteFsReplica(path.join(dir, "app.db"))).toBe(true);
  });
});
