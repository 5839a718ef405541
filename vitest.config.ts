import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    pool: "forks",
    // Test files share a fork's modules instead of importing them again per file: 1,485 tests in
    // 37-44 CPU-seconds instead of 101 (docs/decisions/test-kit.md). Every file passes in any
    // order (--sequence.shuffle.files); a test that changes a module's state puts it back.
    isolate: false,
    testTimeout: 15_000,
  },
});
