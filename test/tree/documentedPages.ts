import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';

// The pages a user reads: the README and the guides and references in docs/ (not the
// example workflows of docs/ci/). Read once, whitespace kept (for links and headings)
// and collapsed (for figures that a line break may split).

export interface DocumentedPage {
  /** Relative to the project root. */
  path: string;
  raw: string;
  /** Every run of whitespace as one space. */
  text: string;
}

const paths = [
  'README.md',
  ...readdirSync(join(PROJECT_ROOT, 'docs'), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => `docs/${entry.name}`)
    .sort(),
];

export const DOCUMENTED_PAGES: readonly DocumentedPage[] = paths.map((path) => {
  const raw = readFileSync(join(PROJECT_ROOT, path), 'utf8');
  return { path, raw, text: raw.replace(/\s+/g, ' ') };
});
