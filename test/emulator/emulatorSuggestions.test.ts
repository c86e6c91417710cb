import { expect, test } from 'vitest';
import { runEmulatorProcess } from './emulatorProcess.ts';

// A mistyped option, subcommand or fault of `banking-api-emulator` is answered as
// the suite's command line answers one: a line naming what is wrong and the
// nearest valid names (a few, never the whole list), exit 2, nothing started.

test.each([
  [['--prot', '8080'], "banking-api-emulator: unknown option '--prot' (did you mean --port?); --help lists all"],
  [['--lsit-faults'], "banking-api-emulator: unknown option '--lsit-faults' (did you mean --list-faults?); --help lists all"],
  [['triger', 'customer.created'], "banking-api-emulator: unknown command 'triger' (did you mean trigger?); --help lists all"],
  [['deliveries', '--fllow'], "banking-api-emulator deliveries: unknown option '--fllow' (did you mean --follow?); --help lists all"],
  [
    ['trigger', 'customer.created', '--ulr', 'x'],
    "banking-api-emulator trigger: unknown option '--ulr' (did you mean --url?); --help lists all",
  ],
  [
    ['--fault', 'backof-doubling'],
    "banking-api-emulator: unknown fault 'backof-doubling' (did you mean backoff-doubling?); banking-api-emulator --list-faults lists all",
  ],
])('%j is answered in one line with the nearest name, exit 2', async (args, line) => {
  const result = await runEmulatorProcess(args);
  expect(result.code).toBe(2);
  expect(result.stderr).toBe(`${line}\n`);
  expect(result.stdout).toBe('');
});

test('an unknown fault far from every name is answered with a few of the nearest, not the whole list', async () => {
  const result = await runEmulatorProcess(['--fault', 'webhook-token-ignord']);
  expect(result.code).toBe(2);
  const named = /\(did you mean (.*)\?\); banking-api-emulator --list-faults lists all\n$/.exec(result.stderr)?.[1]?.split(' or ');
  expect(named, result.stderr).toBeDefined();
  expect(named!.length).toBeGreaterThan(0);
  expect(named!.length).toBeLessThanOrEqual(3);
  expect(result.stderr.split('\n')).toHaveLength(2);
});
