import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { headingsOfDocuments, SHIPPED_HEADINGS_PATH } from './sectionTitles.ts';

// `npm run spec:headings [SPEC_DIR]`: reads the section headings of the two
// documents (default ../shared/spec beside the project) into contract/facts/sectionHeadings.json.

const specDir = process.argv[2] ?? fileURLToPath(new URL('../../shared/spec/', import.meta.url));
try {
  writeFileSync(SHIPPED_HEADINGS_PATH, `${JSON.stringify(headingsOfDocuments(specDir), null, 1)}\n`);
  process.stdout.write(`wrote ${SHIPPED_HEADINGS_PATH} from ${specDir}\n`);
} catch (error) {
  process.stderr.write(`spec:headings: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
