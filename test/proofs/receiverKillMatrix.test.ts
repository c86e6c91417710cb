import { afterAll, describe, expect, test } from 'vitest';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { FAULTY_RECEIVERS } from '../receiver/faultyReceivers.ts';
import { flagged, judgeReferenceReceiver, outcomesById } from '../receiver/receiverRuns.ts';

// The receiver kill matrix: every seeded faulty receiver must be caught by every
// requirement it breaks (FAIL for a MUST, WARN for a SHOULD), and by nothing
// else, so each check is shown to fail exactly the behaviour it is about.

const catalogue = requirementCatalogue('receiver');
const CAUGHT = { MUST: 'FAIL', SHOULD: 'WARN' } as const;
const rows: string[] = [];
let killed = 0;

describe('receiver kill matrix', () => {
  test('every faulty receiver breaks judged requirements that exist', () => {
    const wrong = FAULTY_RECEIVERS.flatMap((faulty) =>
      faulty.breaks.filter((id) => !catalogue.has(id) || catalogue.get(id).level === 'OBSERVE').map((id) => `${faulty.name}: ${id}`),
    );
    expect(wrong).toEqual([]);
  });

  test.each(FAULTY_RECEIVERS.map((faulty) => [faulty.name, faulty] as const))(
    '%s fails exactly the requirements it breaks',
    async (name, faulty) => {
      const started = performance.now();
      const document = await judgeReferenceReceiver({
        options: { deliveryMode: faulty.deliveryMode, ...(faulty.timeoutMs ? { timeoutMs: faulty.timeoutMs } : {}) },
        steps: faulty.steps,
      });
      const outcomes = outcomesById(document);
      const missed = faulty.breaks.filter((id) => outcomes[id] !== CAUGHT[catalogue.get(id).level as 'MUST' | 'SHOULD']);
      const extra = flagged(document).filter((id) => !faulty.breaks.includes(id));
      if (missed.length === 0 && extra.length === 0) killed += 1;
      const mark = missed.length === 0 && extra.length === 0 ? 'KILLED' : 'MISSED';
      const notes = [...missed.map((id) => `missed ${id} (${outcomes[id]})`), ...extra.map((id) => `also ${id} (${outcomes[id]})`)];
      rows.push(
        `${mark}  ${name.padEnd(28)} ${faulty.breaks.map((id) => `${id} ${outcomes[id]}`).join(', ')}${notes.length ? `  ${notes.join(', ')}` : ''}  [${faulty.deliveryMode}, ${Math.round(performance.now() - started)} ms]`,
      );
      expect({ missed, extra }).toEqual({ missed: [], extra: [] });
      if (faulty.breaks.some((id) => catalogue.get(id).level === 'MUST')) expect(document.verdict).toBe('non-conformant');
    },
  );

  afterAll(() => {
    const rate = (100 * killed) / FAULTY_RECEIVERS.length;
    console.log(
      [
        'Receiver kill matrix: faulty receiver × requirement outcomes',
        ...rows,
        `Receiver kill rate: ${killed}/${FAULTY_RECEIVERS.length} = ${rate.toFixed(1)}%`,
      ].join('\n'),
    );
  });
});
