import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { HEAVIEST_TEST_FILES } from './heaviestTestFiles.ts';

// vitest runs the files it has timed before longest first, and files it has not timed
// (a fresh clone, as in CI) largest first. Size says little here: the files that take
// minutes are short, start late, and the run ends with one worker on them and the other
// idle. These, measured, start first, longest first.
export class HeaviestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification): number => {
      const index = HEAVIEST_TEST_FILES.indexOf(relative(this.ctx.config.root, file.moduleId));
      return index < 0 ? HEAVIEST_TEST_FILES.length : index;
    };
    // Stable: the other files keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
