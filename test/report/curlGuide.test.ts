import { expect, test } from 'vitest';
import { replayOf } from '../../cli/commandLineText.ts';
import { curlCommand, curlGuide as guideOf, curlHeading, TOKEN_VARIABLE } from '../../report/reproduction.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';

// What the failures say once about their curl commands follows what the run knew
// of its target: none for a target the run started and stopped, a line that mints a
// token for a target that minted the run's own, and otherwise a token of the user's;
// a request without the token (a receiver's delivery) asks for none.

const api = curlCommand({
  request: { method: 'GET', url: 'http://127.0.0.1:1/webhooks', headers: { authorization: 'Bearer [redacted]' } },
});
const delivery = curlCommand({
  request: { method: 'POST', url: 'http://127.0.0.1:2/hook', headers: { 'x-service-signature': 'c2ln' }, body: '{"data":[]}' },
});

// The replay commands' words are the command line's (cli/commandLineText.ts), as every face is handed them.
const curlGuide = (document: Pick<ResultsDocument, 'requestReplay'>) => guideOf(document, replayOf({ seed: 1 }));

test('the curl guide of each kind of target, and the heading of each curl command', () => {
  expect(api.usesToken).toBe(true);
  expect(delivery.usesToken).toBe(false);

  const embedded = curlGuide({ requestReplay: { targetStopped: 'embedded emulator' } });
  expect(embedded).toEqual({
    shown: false,
    note: "No curl commands: the run's embedded emulator stopped with the run, so its URL answers no more; each replay command below starts one of its own.",
  });
  const container = curlGuide({ requestReplay: { targetStopped: 'container', mintTokenUrl: 'http://127.0.0.1:3/_emulator/tokens' } });
  expect(container).toEqual({
    shown: false,
    note: "No curl commands: the run's container stopped with the run, so its URL answers no more; each replay command below starts the image again (add the --target-env options the run had).",
  });

  const emulator = curlGuide({ requestReplay: { mintTokenUrl: 'http://127.0.0.1:3/_emulator/tokens' } });
  expect(emulator.mintCommand).toBe(
    `export ${TOKEN_VARIABLE}="$(curl -s -X POST 'http://127.0.0.1:3/_emulator/tokens' | node -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).token')"`,
  );
  expect(curlHeading(api, emulator)).toBe('curl (with the token minted above)');

  const sandbox = curlGuide({ requestReplay: {} });
  expect(sandbox).toEqual({ shown: true });
  expect(curlHeading(api, sandbox)).toBe(`curl (export ${TOKEN_VARIABLE} first: a token of the target with the scopes the request needs)`);
  expect(curlHeading(delivery, curlGuide({}))).toBe('curl');
});
