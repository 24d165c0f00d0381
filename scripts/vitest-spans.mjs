// A vitest reporter for scripts/test.mjs: when each project's files ran (the first file's start to the last
// one's end, and the sum of its files' times), written as JSON to VITEST_SPANS_FILE at the end of the run.
import { writeFileSync } from 'node:fs';

export default class ProjectSpans {
  spans = new Map();
  started = new Map();

  onTestModuleStart(module) {
    this.started.set(module.id, Date.now());
  }

  onTestModuleEnd(module) {
    const end = Date.now();
    const start = this.started.get(module.id) ?? end;
    const name = module.project.name;
    const span = this.spans.get(name) ?? { start, end, busy: 0, files: 0 };
    span.start = Math.min(span.start, start);
    span.end = Math.max(span.end, end);
    span.busy += end - start;
    span.files++;
    this.spans.set(name, span);
  }

  onTestRunEnd() {
    if (process.env.VITEST_SPANS_FILE) writeFileSync(process.env.VITEST_SPANS_FILE, JSON.stringify(Object.fromEntries(this.spans)));
  }
}
