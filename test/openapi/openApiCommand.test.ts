import { expect, test } from 'vitest';
import { openApiDocument } from '../../openapi/openApiDocument.ts';
import { runCli } from '../cli/cliProcess.ts';

// `banking-api-conformance openapi > openapi.json` prints the derived document, and nothing else, on stdout.

test('openapi prints the OpenAPI 3.1 document, with --server as its server', async () => {
  const [plain, served] = await Promise.all([runCli(['openapi']), runCli(['openapi', '--server', 'http://127.0.0.1:8080'])]);
  expect(plain.code).toBe(0);
  expect(JSON.parse(plain.stdout)).toEqual(openApiDocument());
  expect(served.code).toBe(0);
  expect(JSON.parse(served.stdout).servers).toEqual([{ url: 'http://127.0.0.1:8080' }]);
});
