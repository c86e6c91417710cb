import { defineConfig } from 'vitest/config';

// The fixture's own configuration (test/tree/closingLine.test.ts): its one file, nothing of the project's.
export default defineConfig({ root: import.meta.dirname, test: { include: ['failing.check.ts'] } });
