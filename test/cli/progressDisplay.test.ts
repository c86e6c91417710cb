import { describe, expect, test } from 'vitest';
import { liveLine, itemLines } from '../../cli/progressDisplay.ts';
import { colourWanted, PLAIN, terminalStyle } from '../../cli/terminalStyle.ts';

// The live progress line of a TTY (redrawn in place: bar, area, counts so far,
// elapsed time; other lines go above it), the one-line-per-scenario output for
// logs, and when colour is used: a TTY without NO_COLOR, outside CI.

const ESC = '\u001b';

describe('progress display', () => {
  test('a TTY gets one live line with the area, the counts so far and the elapsed time', () => {
    let clock = 0;
    const written: string[] = [];
    const live = liveLine(4, { write: (text: string) => written.push(text) }, PLAIN, () => clock);
    live.areaStarted('webhooks');
    clock = 65_000;
    live.itemFinished('webhooks', 'webhooks/a', 'PASS', 3);
    live.itemFinished('webhooks', 'webhooks/b', 'FAIL', 2);
    expect(written.at(-1)).toBe(`\r${ESC}[2K[############............] 2/4 webhooks  1 PASS 1 FAIL  1:05`);
    live.line('    a verbose note');
    expect(written.slice(-3)).toEqual([
      `\r${ESC}[2K`,
      '    a verbose note\n',
      `\r${ESC}[2K[############............] 2/4 webhooks  1 PASS 1 FAIL  1:05`,
    ]);
    live.finish();
    expect(written.at(-1)).toBe(`\r${ESC}[2K`);
    expect(written.join('')).not.toContain('\n[');
  });

  test('colours the counts when colour is on', () => {
    const written: string[] = [];
    const live = liveLine(1, { write: (text: string) => written.push(text) }, terminalStyle(true), () => 0);
    live.itemFinished('auth', 'auth/x', 'WARN', 1);
    live.finish();
    expect(written.join('')).toContain(`${ESC}[33m1 WARN${ESC}[0m`);
  });

  test('off a TTY, one plain line per finished scenario', () => {
    const lines: string[] = [];
    const plain = itemLines(12, (text) => lines.push(text), PLAIN);
    plain.areaStarted('events');
    plain.itemFinished('events', 'events/list', 'PASS', 7);
    expect(lines).toEqual(['[ 1/12] PASS       events/list (7 checks)']);
  });

  test('colour only on a TTY, without NO_COLOR, outside CI', () => {
    expect(colourWanted({ isTTY: true }, {})).toBe(true);
    expect(colourWanted({ isTTY: false }, {})).toBe(false);
    expect(colourWanted({}, {})).toBe(false);
    expect(colourWanted({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colourWanted({ isTTY: true }, { CI: 'true' })).toBe(false);
    expect(terminalStyle(false).outcome('FAIL')).toBe('FAIL');
    expect(terminalStyle(true).outcome('FAIL')).toBe(`${ESC}[31mFAIL${ESC}[0m`);
  });
});
