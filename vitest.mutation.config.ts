// The unit tests Stryker runs against each mutant of app/lib (stryker.config.mjs).
// Mutation testing measures the pure rules by their own unit tests. The tests below start a
// database, a server, a child process or read models/services/routes: they are integration
// tests, slow to repeat for every mutant (a module-level "static" mutant reruns every test that
// imports the file). A new test file is included unless it is listed here, so a forgotten entry
// only costs time, never a wrong score.
import { defineConfig, mergeConfig } from "vitest/config";
import LoadFailureAsFailedTest from "./tests/support/load-failure-reporter";
import base from "./vitest.config";

export default mergeConfig(
  base,
  defineConfig({
    test: {
      // A test file that cannot load (a static mutant made its module throw) counts as a failed
      // test, not as no test (stryker-js#6150; tests/support/load-failure-reporter.ts).
      reporters: ["default", new LoadFailureAsFailedTest()],
      exclude: [
        "**/node_modules/**",
        "tests/unit/application-review.test.ts",
        "tests/unit/backup.test.ts",
        "tests/unit/booking.test.ts",
        "tests/unit/comedians-model.test.ts",
        "tests/unit/env.test.ts",
        "tests/unit/event-lookup.test.ts",
        "tests/unit/eventbrite-paths.test.ts",
        "tests/unit/eventbrite-store.test.ts",
        "tests/unit/eventbrite-sync-service.test.ts",
        "tests/unit/events-admin-model.test.ts",
        "tests/unit/events-model.test.ts",
        "tests/unit/form-actions.test.ts",
        "tests/unit/form-guards.test.ts",
        "tests/unit/hostile-traffic.test.ts",
        "tests/unit/image-pipeline.test.ts",
        "tests/unit/layers.test.ts",
        "tests/unit/litefs-replica.test.ts",
        "tests/unit/multipart.test.ts",
        "tests/unit/page-cache.test.ts",
        "tests/unit/public-form-budget.test.ts",
        "tests/unit/public-shows-model.test.ts",
        "tests/unit/request-guards.test.ts",
        "tests/unit/round-control.test.ts",
        "tests/unit/safe-fetch.test.ts",
        "tests/unit/seed.test.ts",
        "tests/unit/submissions-model.test.ts",
        "tests/unit/votes-model.test.ts",
        "tests/unit/waitlist-outbox.test.ts",
        "tests/unit/contestant-application-component.test.tsx",
      ],
    },
  }),
);
