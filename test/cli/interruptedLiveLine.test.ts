import { afterEach, expect, test } from 'vitest';
import { liveLine } from '../../cli/progressDisplay.ts';
import { PLAIN } from '../../cli/terminalStyle.ts';

// Ctrl-C during a run on a terminal: the run's ledger says what it undoes, and that line starts on a
// line of its own, not glued onto the progress bar; the bar is not drawn again beneath it.

const ESC = '\u001b';
const written: string[] = [];
// The run's ledger listens for SIGINT before the progress starts (run/runLedger.ts), and says what it undid.
const ledger = () => written.push('Cleanup: 2 of 2 resources left by scenarios undone\n');

afterEach(() => process.off('SIGINT', ledger));

test("an interrupted run's Cleanup line starts on its own line, after the bar as it was", () => {
  process.on('SIGINT', ledger);
  const live = liveLine(4, { write: (text: string) => written.push(text) }, PLAIN, () => 0);
  live.itemFinished('webhooks', 'webhooks/a', 'PASS', 3);
  process.emit('SIGINT', 'SIGINT');
  live.itemFinished('webhooks', 'webhooks/b', 'PASS', 3);
  live.finish();
  const screen = written.join('');
  expect(screen).toContain(`[######..................] 1/4 webhooks  1 PASS  0:00\nCleanup: 2 of 2`);
  expect(screen).not.toContain('2/4');
  expect(screen.endsWith(`Cleanup: 2 of 2 resources left by scenarios undone\n`)).toBe(true);
  expect(written).not.toContain(`\r${ESC}[2K`);
});

test('without a handler of the run beside it, the live line adds no SIGINT listener (Ctrl-C keeps its default)', () => {
  // Test files share a worker: whatever listens for SIGINT there now is set aside, so that none does.
  const elsewhere = process.listeners('SIGINT');
  process.removeAllListeners('SIGINT');
  try {
    const live = liveLine(1, { write: () => {} }, PLAIN, () => 0);
    expect(process.listenerCount('SIGINT')).toBe(0);
    live.finish();
  } finally {
    for (const listener of elsewhere) process.on('SIGINT', listener);
  }
});
