import { expect, test } from 'vitest';
import { runCli } from './cliProcess.ts';

// run, receiver and client take the options of a judging command alike (cli/judgingOptions.ts, declared
// once): each --help shows them with the one help text, the reports each can write apart.

const SHARED = ['--report-dir <dir>', '--reporter <names>', '--events <file>', '-q, --quiet', '--no-color'];

/** Each shared option's help text, as --help prints it, its lines joined. */
async function sharedHelp(command: string): Promise<Record<string, string>> {
  const help = await runCli([command, '--help']);
  expect(help.code, command).toBe(0);
  const entries = help.stdout.split(/\n(?= {2}-)/).map((entry) => entry.trim().replace(/\s+/g, ' '));
  return Object.fromEntries(
    SHARED.map((flag) => {
      const text = entries.find((entry) => entry.startsWith(`${flag} `)) ?? '';
      // The reports each command can write differ; what the option is does not.
      return [flag, flag === '--reporter <names>' ? text.replace(/written: .*$/, 'written: …') : text];
    }),
  );
}

test('run, receiver and client declare the shared options with one help text each', async () => {
  const [run, receiver, client] = await Promise.all(['run', 'receiver', 'client'].map(sharedHelp));
  for (const flag of SHARED) expect(run![flag], flag).not.toBe('');
  expect(receiver).toEqual(run);
  expect(client).toEqual(run);
});
