// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The project's linter, run by `npm test`: the recommended rules of ESLint and
// typescript-eslint over every TypeScript source; generated and vendored files
// are left out.
export default tseslint.config(
  { ignores: ['node_modules/', 'reports/', 'build/', 'dist/', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      // Names starting with _ are deliberately unused (destructuring the rest away).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
);
