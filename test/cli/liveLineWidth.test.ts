import { expect, test } from 'vitest';
import { liveLine } from '../../cli/progressDisplay.ts';
import { PLAIN, terminalStyle } from '../../cli/terminalStyle.ts';

// The live progress line stays within the terminal's width: a line that wrapped would leave its
// first rows behind each time it is redrawn. Colour codes take no column.

const ESC = '\u001b';
const drawn = (columns: number | undefined, colour = false): string => {
  const written: string[] = [];
  const live = liveLine(
    4,
    { write: (text: string) => written.push(text), ...(columns !== undefined ? { columns } : {}) },
    colour ? terminalStyle(true) : PLAIN,
    () => 0,
  );
  live.itemFinished('decisioning', 'decisioning/a', 'PASS', 3);
  live.itemFinished('decisioning', 'decisioning/b', 'OBSERVED', 3);
  live.finish();
  return written.find((text) => text.includes('1/4')) ?? '';
};

test('on a narrow terminal the live line is cut to fit, its start kept', () => {
  const line = drawn(40).replace(`\r${ESC}[2K`, '');
  expect(line.length).toBeLessThan(40);
  expect(line).toMatch(/^\[#{6}\.{18}\] 1\/4 decis.*…$/);
});

test('on a wide terminal, colours and all, it is whole', () => {
  const line = drawn(120, true);
  expect(line).toContain(`${ESC}[32m1 PASS${ESC}[0m`);
  expect(line).toMatch(/0:00$/);
});

test('a terminal that reports no width (0 columns) gets the whole line', () => {
  expect(drawn(0)).toMatch(/1\/4 decisioning {2}1 PASS {2}0:00$/);
});
