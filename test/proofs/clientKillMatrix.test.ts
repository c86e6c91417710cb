import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { clientResults, runClient } from '../../client/clientRun.ts';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { DEFAULT_PLAN, type PerturbationName, UNLISTED_EVENT_TYPE } from '../../client/perturbations.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';

// The client command proved both ways, as the run's and the receiver's verdicts
// are: each seeded faulty client (test/client/faultyClients/seededClient.mjs) is
// caught by the requirement it breaks, at that requirement's level, and by no
// other; each tolerated variation of a correct client is CONFORMANT.

const SEEDED = fileURLToPath(new URL('../client/faultyClients/seededClient.mjs', import.meta.url));
const WEBHOOK_CLIENT = fileURLToPath(new URL('../client/faultyClients/webhookClient.mjs', import.meta.url));
const PYTHON_CLIENT = fileURLToPath(new URL('../client/pythonClient.py', import.meta.url));
const pythonFound = spawnSync('python3', ['--version']).status === 0;

async function judged(variant: string, plan: readonly PerturbationName[] = [], exitCode = 0): Promise<ResultsDocument> {
  return judgedCommand([process.execPath, SEEDED, variant], plan, exitCode);
}

async function judgedCommand(command: string[], plan: readonly PerturbationName[] = [], exitCode = 0): Promise<ResultsDocument> {
  const run = await runClient({ command, plan }, { say: () => {}, redactor: new SecretRedactor() });
  expect(run.exit?.code).toBe(exitCode);
  return clientResults(command, run, { suiteVersion: 'test' });
}

const observedValue = (document: ResultsDocument, id: string): unknown =>
  document.requirements.find((result) => result.id === id)?.checks.find((check) => check.outcome === 'OBSERVED')?.observed;

const outcomeOf = (document: ResultsDocument, id: string): string | undefined =>
  document.requirements.find((result) => result.id === id)?.outcome;
const failing = (document: ResultsDocument): string[] =>
  document.requirements.filter((result) => result.outcome === 'FAIL' || result.outcome === 'WARN').map((result) => result.id);

/** Each fault, the requirement that catches it. */
const FAULTS: ReadonlyArray<readonly [variant: string, requirement: string]> = [
  ['application-json', 'CL-BODY-MEDIA-TYPE'],
  ['amount-as-string', 'CL-AMOUNT-INTEGER-CENTS'],
  ['impossible-date', 'CL-DATE-FULL-DATE'],
  ['page-limit-5000', 'CL-PAGE-LIMIT-BOUND'],
  ['no-bearer-on-list', 'CL-BEARER-EVERY-CALL'],
  ['resend-no-body', 'CL-RESEND-EMPTY-OBJECT'],
];

describe('client kill matrix', () => {
  test('the seeded client without a fault is CONFORMANT', async () => {
    const document = await judged('none');
    expect(failing(document)).toEqual([]);
    expect(document.verdict).toBe('conformant');
  });

  test.each(FAULTS)('%s is caught by %s at its level, and by nothing else', async (variant, requirement) => {
    const document = await judged(variant);
    const level = requirementCatalogue('client').get(requirement).level;
    expect(outcomeOf(document, requirement)).toBe(level === 'MUST' ? 'FAIL' : 'WARN');
    expect(failing(document)).toEqual([requirement]);
    expect(document.verdict).toBe(level === 'MUST' ? 'non-conformant' : 'conformant');
  });
});

/** Each fault a perturbation shows, the perturbation that shows it, and the requirement that catches it. */
const PERTURBED_FAULTS: ReadonlyArray<readonly [variant: string, perturbation: PerturbationName, requirement: string, exitCode: number]> = [
  // The crash follows the perturbation: a finding, and the command's own exit 1 is reported beside it.
  ['crash-on-unknown-type', 'unknown-event-type', 'CL-UNKNOWN-EVENT-TYPE', 1],
  ['retry-429-at-once', 'retry-after-429', 'CL-RETRY-AFTER-429', 0],
  // Gave up at the documented 5 s and sent the same create again: a second resource, a SHOULD of HTTP (RFC 9110 9.2.2).
  ['duplicate-after-slow', 'slow-answer', 'CL-SLOW-CREATE-NO-DUPLICATE', 0],
];

describe('client kill matrix under perturbations', () => {
  test('the seeded client without a fault is CONFORMANT under the default plan; each perturbation judged', async () => {
    const document = await judged('none', DEFAULT_PLAN);
    expect(failing(document)).toEqual([]);
    expect(document.verdict).toBe('conformant');
    expect(outcomeOf(document, 'CL-UNKNOWN-EVENT-TYPE')).toBe('PASS');
    expect(outcomeOf(document, 'CL-RETRY-AFTER-429')).toBe('PASS');
    expect(observedValue(document, 'CL-SLOW-ANSWER')).toMatchObject({ retries: 0, duplicates: 0 });
    // Pages of 2 read to the end: every page there was.
    const pages = observedValue(document, 'CL-PAGES-READ') as { pagesRead: number; pagesAvailable: number };
    expect(pages.pagesRead).toBe(pages.pagesAvailable);
    expect(pages.pagesAvailable).toBeGreaterThan(1);
  });

  test.each(PERTURBED_FAULTS)(
    '%s under %s is caught by %s at its level, and by nothing else',
    async (variant, perturbation, requirement, exitCode) => {
      const document = await judged(variant, [perturbation], exitCode);
      const level = requirementCatalogue('client').get(requirement).level;
      expect(outcomeOf(document, requirement)).toBe(level === 'MUST' ? 'FAIL' : 'WARN');
      expect(failing(document)).toEqual([requirement]);
      expect(document.verdict).toBe(level === 'MUST' ? 'non-conformant' : 'conformant');
    },
  );

  test('the same client without its perturbation is not caught: the fault shows only when the answer is bent', async () => {
    const document = await judged('crash-on-unknown-type');
    expect(outcomeOf(document, 'CL-UNKNOWN-EVENT-TYPE')).toBe('SKIP');
    expect(document.verdict).toBe('conformant');
  });

  // The unlisted type is delivered too, to the first webhook the client creates; with no list read, how the command ended is judged.
  test.each([
    ['accepts it', [], 0, 'PASS'],
    ['crashes on it', ['crash'], 1, 'FAIL'],
  ] as const)('a client whose webhook is delivered the unknown type %s', async (_how, args, exitCode, outcome) => {
    const lines: string[] = [];
    const command = [process.execPath, WEBHOOK_CLIENT, ...args];
    const run = await runClient(
      { command, plan: ['unknown-event-type'] },
      { say: (line) => lines.push(line), redactor: new SecretRedactor() },
    );
    expect(run.exit?.code).toBe(exitCode);
    expect(lines.join('\n')).toContain(`delivered: ${UNLISTED_EVENT_TYPE}`);
    const document = clientResults(command, run, { suiteVersion: 'test' });
    expect(outcomeOf(document, 'CL-UNKNOWN-EVENT-TYPE')).toBe(outcome);
    expect(failing(document)).toEqual(outcome === 'FAIL' ? ['CL-UNKNOWN-EVENT-TYPE'] : []);
  });

  // The documents give creates no idempotency: CL-SLOW-ANSWER reports the duplicate, beside the WARN of HTTP's SHOULD.
  test('a create sent again after giving up on a slow answer is observed as a duplicate too', async () => {
    const document = await judged('duplicate-after-slow', ['slow-answer']);
    expect(failing(document)).toEqual(['CL-SLOW-CREATE-NO-DUPLICATE']);
    expect(outcomeOf(document, 'CL-SLOW-ANSWER')).toBe('OBSERVED');
    const slow = observedValue(document, 'CL-SLOW-ANSWER') as { gaveUpAfterMs?: number; retries: number; duplicates: number };
    expect(slow).toMatchObject({ retries: 1, duplicates: 1 });
    expect(slow.gaveUpAfterMs).toBeDefined();
  });
});

describe('tolerated client variations', () => {
  test('its own backoff with jitter, never shorter than Retry-After, is CONFORMANT with no warning', async () => {
    const document = await judged('backoff-with-jitter', ['retry-after-429']);
    expect(failing(document)).toEqual([]);
    expect(outcomeOf(document, 'CL-RETRY-AFTER-429')).toBe('PASS');
  });

  test('a client that leaves its webhook Enabled is CONFORMANT; what it left is observed', async () => {
    const document = await judged('leaves-webhook-enabled');
    expect(failing(document)).toEqual([]);
    expect(document.verdict).toBe('conformant');
    const left = document.requirements.find((result) => result.id === 'CL-LEFT-BEHIND');
    expect(left?.outcome).toBe('OBSERVED');
    expect(JSON.stringify(left)).toContain('"enabledWebhooks":1');
  });

  test('a client that gives up on a slow create and finds it made in the list, never sending it again, is CONFORMANT', async () => {
    const document = await judged('check-before-create-again', ['slow-answer']);
    expect(failing(document)).toEqual([]);
    expect(outcomeOf(document, 'CL-SLOW-CREATE-NO-DUPLICATE')).toBe('PASS');
    const slow = observedValue(document, 'CL-SLOW-ANSWER') as { gaveUpAfterMs?: number; retries: number; duplicates: number };
    expect(slow).toMatchObject({ retries: 0, duplicates: 0 });
    expect(slow.gaveUpAfterMs).toBeDefined();
  });

  // Tokens minted from the emulator, one a scope (API 5.1), each call carrying the one its operation needs.
  test('only the scopes each call needs is CONFORMANT, every MUST it reaches passed, the scopes observed', async () => {
    const document = await judged('only-needed-scopes', DEFAULT_PLAN);
    expect(failing(document)).toEqual([]);
    expect(document.verdict).toBe('conformant');
    const client = requirementCatalogue('client');
    const musts = document.requirements.filter((result) => client.has(result.id) && client.get(result.id).level === 'MUST');
    expect(musts.filter((result) => result.outcome !== 'PASS' && result.outcome !== 'SKIP').map((result) => result.id)).toEqual([]);
    expect(musts.filter((result) => result.outcome === 'PASS').length).toBeGreaterThan(musts.length / 2);
    const scopes = observedValue(document, 'CL-SCOPES-HELD') as {
      needed: string[];
      held: string[];
      callsHoldingMore: number;
      callsLacking: number;
    };
    expect(scopes).toMatchObject({ callsHoldingMore: 0, callsLacking: 0 });
    expect(scopes.held).toEqual(scopes.needed);
    // The same client on the one token it is given holds every scope on every call: observed, never judged.
    const wide = observedValue(await judged('none'), 'CL-SCOPES-HELD') as { callsHoldingMore: number };
    expect(wide.callsHoldingMore).toBeGreaterThan(0);
  });

  test.each(['other-order', 'first-page-only'])('%s is CONFORMANT', async (variant) => {
    const document = await judged(variant);
    expect(failing(document)).toEqual([]);
    expect(document.verdict).toBe('conformant');
    expect(outcomeOf(document, 'CL-PAGE-LIMIT-BOUND')).toBe('PASS');
  });

  // The command is language-neutral: a client in Python, standard library only, is judged as one in Node is.
  test.skipIf(!pythonFound)(
    `a client in Python 3 (urllib, json) is CONFORMANT${pythonFound ? '' : ' (skipped: python3 is not on this machine)'}`,
    async () => {
      const document = await judgedCommand(['python3', PYTHON_CLIENT]);
      expect(failing(document)).toEqual([]);
      expect(document.verdict).toBe('conformant');
      const passed = document.requirements.filter((result) => result.outcome === 'PASS').map((result) => result.id);
      expect(passed).toEqual(
        expect.arrayContaining(['CL-BODY-MEDIA-TYPE', 'CL-RULE-CREATE-FIELDS', 'CL-WEBHOOK-CREATE-FIELDS', 'CL-RESEND-EMPTY-OBJECT']),
      );
    },
  );
});
