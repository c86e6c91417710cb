// JSON text of a saved store. The stores hand over plain data, except the bytes
// of uploaded documents (Buffers), which are written as base64 and read back as
// Buffers; anything else JSON keeps as it is.

const BYTES = '$bytes';

/** Buffer.toJSON runs before a replacer: this is the shape it leaves. */
const isBufferJson = (value: unknown): value is { type: 'Buffer'; data: number[] } =>
  typeof value === 'object' &&
  value !== null &&
  (value as { type?: unknown }).type === 'Buffer' &&
  Array.isArray((value as { data?: unknown }).data);

export function encodeState(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) =>
    isBufferJson(member) ? { [BYTES]: Buffer.from(member.data).toString('base64') } : member,
  );
}

export function decodeState(text: string): unknown {
  return JSON.parse(text, (_key, member: unknown) => {
    const bytes = typeof member === 'object' && member !== null ? (member as Record<string, unknown>)[BYTES] : undefined;
    return typeof bytes === 'string' ? Buffer.from(bytes, 'base64') : member;
  });
}
