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
      // Each file imports its modules afresh, as before vitest.config.ts shared them (a static
      // mutant must be loaded again): the mutation run is unchanged.
      isolate: true,
      // A test file that cannot load (a static mutant made its module throw) counts as a failed
      // test, not as no test (stryker-js#6150; tests/support/load-failure-reporter.ts).
      reporters: ["default", new LoadFailureAsFailedTest()],
      exclude: [
        "**/node_modules/**",
        "tests/unit/features/applications/review.test.ts",
        "tests/unit/utils/backup.test.ts",
        "tests/unit/services/booking-sheet.test.ts",
        "tests/unit/models/comedians.test.ts",
        "tests/unit/utils/env.test.ts",
        "tests/unit/services/event-lookup.test.ts",
        "tests/unit/models/sync.test.ts",
        "tests/unit/services/eventbrite-sync.test.ts",
        "tests/unit/models/events-admin.test.ts",
        "tests/unit/models/events.test.ts",
        "tests/unit/features/contact/contact.test.ts",
        "tests/unit/features/applications/apply.test.ts",
        "tests/unit/utils/form-pipeline.test.ts",
        "tests/unit/server/pipeline.test.ts",
        "tests/unit/utils/live-streams.test.ts",
        "tests/unit/utils/image-pipeline.test.ts",
        "tests/unit/lint/layers.test.ts",
        "tests/unit/utils/startup.test.ts",
        "tests/unit/utils/multipart.test.ts",
        "tests/unit/fast/page-cache.test.ts",
        "tests/unit/utils/public-form.test.ts",
        "tests/unit/models/public-shows.test.ts",
        "tests/unit/utils/request-guards.test.ts",
        "tests/unit/models/round-control.test.ts",
        "tests/unit/utils/safe-fetch.test.ts",
        "tests/unit/scripts/seeds/demo.test.ts",
        "tests/unit/models/submissions.test.ts",
        "tests/unit/models/waitlist.test.ts",
        "tests/unit/components/contestant-application.test.tsx",
      ],
    },
  }),
);
