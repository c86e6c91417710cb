import type { EventsFault } from './faults.ts';

/** Typed so that a misspelt fault name is a compile error, not a fault that never fires. */
export const eventsFaultOn = (faults: ReadonlySet<string>, name: EventsFault): boolean => faults.has(name);
