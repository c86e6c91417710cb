import { expect, test } from 'vitest';
import { CallGate } from '../../../harness/targetIO/callGate.ts';
import { inLane, metered, ScenarioMeter } from '../../../harness/records/runMetrics.ts';

// Where calls wait for the target's rate, the run ends no sooner than its longest chain of
// dependent calls: the gate lets the call extending the longest chain so far go first, and
// the others in the order they asked.

/** A scenario's meter that has already counted `calls` calls in `lane`. */
function meterWith(calls: number, lane: string): ScenarioMeter {
  const meter = new ScenarioMeter();
  for (let call = 0; call < calls; call += 1) meter.callMade(call, call + 1, lane);
  return meter;
}

test('of the calls waiting for a slot, the one on the longest chain goes first', async () => {
  const gate = new CallGate({ requestsPerSecond: 2 });
  // Two slots this second, taken at once; the calls after them wait for the next second.
  for (const leave of await Promise.all([gate.enter(), gate.enter()])) leave();
  const order: string[] = [];
  const call = (name: string, meter: ScenarioMeter, lane: string) =>
    metered(meter, () =>
      inLane(lane, async () => {
        const leave = await gate.enter();
        order.push(name);
        leave();
      }),
    );
  await Promise.all([
    call('short chain, asked first', meterWith(1, 'lane 1 of 2'), 'lane 1 of 2'),
    call('another short chain', meterWith(0, 'lane 1 of 1'), 'lane 1 of 1'),
    call('long chain, asked last', meterWith(40, 'lane 2 of 2'), 'lane 2 of 2'),
  ]);
  expect(order).toEqual(['long chain, asked last', 'short chain, asked first', 'another short chain']);
});
