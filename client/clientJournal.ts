import type { JournalEntry } from '../harness/records/exchangeJournal.ts';
import type { JudgedCall } from './clientChecks.ts';

// The client's judged calls as the run's exchange journal (harness/records/exchangeJournal.ts),
// for the HAR face (cli/faces/harFace.ts, report/harWriter.ts): each call as its evidence holds
// it (credentials masked, long bodies cut, binary bodies described), at the time it arrived,
// named by its operation and by the perturbations that bent its answer. A call the client gave
// up on has no response: the answer was never sent to it.

/** Every call, in the order it arrived. */
export function clientJournal(calls: readonly JudgedCall[]): JournalEntry[] {
  return calls.map(({ request, operation, exchange }) => {
    const bent = request.perturbed?.map((perturbation) => perturbation.name) ?? [];
    // The recorder's clock is this process's performance clock.
    const startedAt = new Date(performance.timeOrigin + (request.arrivedMs ?? 0)).toISOString();
    const { response: _response, ...sent } = exchange;
    return {
      itemId: bent.length > 0 ? `${operation} (${bent.join(', ')})` : operation,
      startedAt,
      exchange:
        request.gaveUpAfterMs === undefined
          ? exchange
          : { ...sent, error: `the client closed the connection after ${request.gaveUpAfterMs} ms, before the answer was sent` },
    };
  });
}
