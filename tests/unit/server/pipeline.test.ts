import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { logger } from "~/utils/logger.server";
import { securityHeaders } from "~/utils/security-headers.server";
import { createPipeline } from "../../../server/pipeline";

describe("the Origin check: one place, the server's pipeline (server/pipeline.ts)", () => {
  async function postThrough(headers: (origin: string) => Record<string, string>) {
    const pipeline = createPipeline({
      trustProxy: false,
      publicUrl: undefined,
      log: logger(),
      securityHeaders: securityHeaders(false),
      stopping: () => false,
    });
    let reached = 0;
    const server = http.createServer(async (req, res) => {
      const state = pipeline.begin(req, res);
      if (!state || !(await pipeline.bounds(req, res, state))) return;
      reached++;
      res.end("stored");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/contact`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          ...headers(`http://127.0.0.1:${port}`),
        },
        body: "name=Ann",
      });
      return { status: response.status, text: await response.text(), reached };
    } finally {
      server.close();
    }
  }
  it("refuses a cross-site write with 403 before any handler runs; a same-site one goes on", async () => {
    const foreign = await postThrough(() => ({ Origin: "https://evil.example" }));
    expect(foreign).toEqual({ status: 403, text: "This form must be sent from this site.", reached: 0 });
    const none = await postThrough(() => ({}));
    expect(none.status).toBe(403);
    const ours = await postThrough((origin) => ({ Origin: origin }));
    expect(ours).toEqual({ status: 200, text: "stored", reached: 1 });
    const referred = await postThrough((origin) => ({ Referer: `${origin}/contact` }));
    expect(referred.reached).toBe(1);
  });
});
