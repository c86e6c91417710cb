// @ts-check
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// What git ignores is output or someone's scratch, never a source to lint: the
// .gitignore patterns as ESLint globs (a leading / anchors at the root, others match at any depth).
const gitIgnored = readFileSync(join(import.meta.dirname, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('!'))
  .map((pattern) => (pattern.startsWith('/') ? pattern.slice(1) : `**/${pattern}`));

// The project's linter, run by `npm test`: the recommended rules of ESLint and
// typescript-eslint over every TypeScript source; generated and vendored files
// are left out.
export default tseslint.config(
  { ignores: [...gitIgnored, 'dist/', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      // Names starting with _ are deliberately unused (destructuring the rest away).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
);
