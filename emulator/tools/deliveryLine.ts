import type { DeliveryAttempt } from '../delivery/deliveryLog.ts';

// One delivery attempt on one line, as `trigger` and `deliveries` print it: what
// was sent where, and what came back.

const ANSWER_SHOWN = 80;

function answerOf(attempt: DeliveryAttempt): string {
  if (attempt.state === 'in-flight') return 'in flight';
  if (!attempt.response) return `no answer: ${attempt.error} (${attempt.durationMs} ms)`;
  const body = attempt.response.body.replace(/\s+/g, ' ').trim();
  const shown = body.length > ANSWER_SHOWN ? `${body.slice(0, ANSWER_SHOWN)}…` : body;
  return `${attempt.response.status} in ${attempt.durationMs} ms${shown ? `: ${shown}` : ''}`;
}

export function deliveryLine(attempt: DeliveryAttempt): string {
  const events = attempt.eventIds.length === 1 ? `event ${attempt.eventIds[0]}` : `events ${attempt.eventIds.join(',')}`;
  const retry = attempt.nextRetryAt ? `, next retry at ${attempt.nextRetryAt}` : '';
  return `${attempt.sentAt}  ${attempt.eventTypes.join(',')} (${events}) → webhook ${attempt.webhookId} ${attempt.url}  try ${attempt.attempt}: ${answerOf(attempt)}  [${attempt.state}${retry}]`;
}
