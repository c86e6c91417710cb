// Every piece of text that reaches the HTML report goes through here: evidence
// holds arbitrary target output, and ids and messages are data too.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const html = (value: unknown): string => String(value).replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
