// A Vitest reporter for the suite's time profile (issue 32, tests/profile/report.mjs): per test file and
// project, how long it took from its worker's start (environment, imports, setup, tests and hooks), written to
// test-results/vitest-timings.json when the run ends.
import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

export interface FileTiming {
  project: string;
  file: string;
  /** Seconds: environment set-up, preparation, imports (collect), setup files and the tests with their hooks. */
  seconds: number;
  /** Of which the tests and hooks (beforeAll included: a gateway boot counts here). */
  testsSeconds: number;
  tests: number;
}

export default class VitestTimings implements Reporter {
  private readonly files: FileTiming[] = [];
  private started = 0;

  onTestRunStart() {
    this.started = Date.now();
  }

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    const total = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    this.files.push({
      project: module.project.name,
      file: path.relative(process.cwd(), module.moduleId),
      seconds: total / 1000,
      testsSeconds: d.duration / 1000,
      tests: [...module.children.allTests()].length,
    });
  }

  onTestRunEnd() {
    const out = path.join("test-results", "vitest-timings.json");
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify({ wallSeconds: (Date.now() - this.started) / 1000, files: this.files }, null, 1));
  }
}
