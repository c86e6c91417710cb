import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { inTerminal, SCRIPT, screenRows } from '../cli/terminalScreen.ts';
import { unbentClient } from './oneLineClient.ts';

// Issue 49, item 6: the client's summary uses the terminal's width. A finding's row holds its whole
// reason where the terminal is wide enough (it was cut at about 62 characters in any terminal), and
// is cut, never wrapped, where it is not. The client lists rules with a status the documents do not
// list: its reason names the four documented ones, 'got "Nope"' last. Double quotes only: the
// terminal's shell line quotes each argument in single quotes.

const SCRIPT_OF_CLIENT =
  'await (await fetch(process.env.BANKING_API_BASE_URL + "/positive-pay?filter[status]=Nope", { headers: { authorization: "Bearer " + process.env.BANKING_API_TOKEN } })).text();';
const scratch = mkdtempSync(join(tmpdir(), 'bac-client-width-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The screen rows of the client run on a terminal `columns` wide, with the summary's row of the finding. */
async function findingRow(columns: number): Promise<{ rows: string[]; row: string | undefined }> {
  const run = inTerminal(unbentClient(join(scratch, String(columns)), SCRIPT_OF_CLIENT), columns, 200);
  const code = await run.exited;
  expect(code, run.output()).toBe(1);
  const rows = screenRows(run.output(), columns);
  return { rows, row: rows.find((one) => /^ {2}FAIL +CL-QUERY-PARAMETERS /.test(one)) };
}

test.skipIf(!existsSync(SCRIPT))(
  "the client's summary row holds the whole reason on a terminal of 200 columns, the operations it never called in one row (skipped without util-linux script)",
  async () => {
    const { rows, row } = await findingRow(200);
    expect(row, rows.join('\n')).toMatch(/expected one of AwaitingDocuments, Active, Expired, Cancelled; got "Nope"$/);
    // Requirements whose operations the client never called say only that: one row for all of them.
    expect(rows.filter((one) => one.includes('never called'))).toEqual([
      expect.stringMatching(/^ {2}SKIP +\d+ requirements of operations your client never called /),
    ]);
  },
  120_000,
);

test.skipIf(!existsSync(SCRIPT))(
  "the client's summary row is cut at the width of a terminal of 80 columns, not wrapped (skipped without util-linux script)",
  async () => {
    const { rows, row } = await findingRow(80);
    expect(row, rows.join('\n')).toMatch(/…$/);
    expect(row!.trimEnd()).toHaveLength(80);
    // The row after it is the next requirement's, not the rest of this one's reason.
    expect(rows[rows.indexOf(row!) + 1]).toMatch(/^ {2}(SKIP|OBSERVED|FAIL|WARN) /);
  },
  120_000,
);
