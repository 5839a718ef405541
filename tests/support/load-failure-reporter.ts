import type { Reporter, Vitest } from "vitest/node";

/**
 * A vitest reporter for mutation runs only (vitest.mutation.config.ts): a test file that fails to
 * load gets one failed test carrying its load error.
 *
 * Why: Stryker's vitest runner (9.6.1, still in 10.0) builds each mutant's result from the tests
 * vitest collected, and a file whose import throws collects none, so a mutant that stops a module
 * from loading (a module-level "static" mutant such as an Intl option or locale turned into "")
 * was reported Survived with 0 tests run (stryker-js#6150). That mutant breaks every page that
 * imports the module; vitest itself reports the file as failed. The everyday suite is unchanged.
 */
type Task = {
  type: string;
  id: string;
  name: string;
  mode: string;
  tasks: Task[];
  file?: Task;
  suite?: Task;
  result?: { state?: string; duration?: number; errors?: unknown[] };
};

export default class LoadFailureAsFailedTest implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd() {
    // `state` is the store Stryker's runner reads its results from after the run.
    const state = (this.vitest as unknown as { state?: { getFiles(): Task[] } } | undefined)?.state;
    for (const file of state?.getFiles() ?? []) {
      if (file.result?.state !== "fail" || file.tasks.length > 0) continue;
      file.tasks.push({
        type: "test",
        id: `${file.id}_load`,
        name: "the test file loads",
        mode: "run",
        tasks: [],
        file,
        suite: file,
        result: { state: "fail", duration: 0, errors: file.result.errors },
      });
    }
  }
}
