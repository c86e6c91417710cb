// The one list of the suite's areas, apart from scenario.ts so that the command line can name
// them in its help without loading the requirement catalogue (a command starts in a blink).

/** Areas of the suite; each has a folder under suites/ and can be chosen with `run --only`. */
export const AREAS = ['positive-pay', 'auth', 'conventions', 'webhooks', 'delivery', 'events', 'sandbox', 'decisioning'] as const;
export type Area = (typeof AREAS)[number];
