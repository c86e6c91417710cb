import type { EventRecord } from '../events/eventStore.ts';

// One line of events.log: a short JSON header [id, createdAt, type, flags], a
// tab, the event's JSON text as stored, a tab, and its included resources' JSON
// text (empty when it has none of its own). JSON text never holds a raw tab or
// newline, so the texts go in as they are: reading a million events parses
// only their headers, never the events again.

const OWN_CREATED_AT = 1;
const STAND_INS = 2;
const INCLUDED = 4;
const TAB = 0x09;

export function encodeEventLine(record: EventRecord): string {
  const flags =
    (record.ownCreatedAt ? OWN_CREATED_AT : 0) | (record.standIns ? STAND_INS : 0) | (record.included === undefined ? 0 : INCLUDED);
  return `${JSON.stringify([record.id, record.createdAt, record.type, flags])}\t${record.json}\t${record.included ?? ''}\n`;
}

/** The record of the line at bytes start … end - 1 of `text` (no newline); undefined when it is not one. */
export function decodeEventLine(text: Buffer, start: number, end: number): EventRecord | undefined {
  const first = text.indexOf(TAB, start);
  const second = first < 0 || first >= end ? -1 : text.indexOf(TAB, first + 1);
  if (second < 0 || second >= end) return undefined;
  let header: unknown;
  try {
    header = JSON.parse(text.toString('utf8', start, first));
  } catch {
    return undefined;
  }
  if (!Array.isArray(header) || header.length !== 4) return undefined;
  const [id, createdAt, type, flags] = header as [number, number, string, number];
  return {
    id,
    type,
    createdAt,
    ...(flags & OWN_CREATED_AT ? { ownCreatedAt: true as const } : {}),
    json: text.toString('utf8', first + 1, second),
    ...(flags & STAND_INS ? { standIns: true as const } : {}),
    ...(flags & INCLUDED ? { included: text.toString('utf8', second + 1, end) } : {}),
  };
}
