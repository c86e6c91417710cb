import { afterEach, expect, test, vi } from 'vitest';
import { openFaces } from '../../../cli/faces/faceList.ts';
import { progressFace } from '../../../cli/faces/progressFace.ts';
import { PLAIN } from '../../../cli/terminalStyle.ts';
import { SecretRedactor } from '../../../harness/records/secretRedactor.ts';

// A client's command prints its output while its webhooks' receiver segment is shown (cli/conduct.ts
// hands the command the faces' write): on a terminal the progress face prints each such line above its
// live line, the bar cleared first and drawn again beneath, so the two never run into each other; once
// the segment has finished, the lines go out as they are written.

const ESC = '\u001b';
const wasTTY = process.stdout.isTTY;
afterEach(() => {
  process.stdout.isTTY = wasTTY;
  vi.restoreAllMocks();
});

test("on a terminal, a line of the command's own while a segment is shown is printed whole above the live line", () => {
  process.stdout.isTTY = true;
  const onTerminal: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((text) => onTerminal.push(String(text)) > 0);
  const written: string[] = [];
  const faces = openFaces(
    {
      reportDir: '/nowhere',
      reporters: new Set(),
      quiet: false,
      verbose: false,
      style: PLAIN,
      write: (text) => written.push(text),
      redactor: new SecretRedactor(),
    },
    [progressFace],
  );
  faces.listen({ type: 'run-started', subject: 'receiver', planned: [{ group: 'receiver', itemId: 'receiver/a' }] });
  faces.listen({ type: 'item-started', group: 'receiver', itemId: 'receiver/a' });
  const bar = onTerminal.at(-1);
  expect(bar?.startsWith(`\r${ESC}[2K[`)).toBe(true);
  expect(bar).toContain('0/1 receiver');
  faces.write('  | judged: {"webhooks":[]}');
  expect(onTerminal.slice(-3)).toEqual([`\r${ESC}[2K`, '  | judged: {"webhooks":[]}\n', bar]);
  expect(written).toEqual([]);
  faces.listen({ type: 'run-finished', reports: [], suiteErrors: [] });
  faces.write('  | after the segment');
  expect(written).toEqual(['  | after the segment']);
});
