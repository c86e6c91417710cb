// The levels a requirement is judged at, apart from the catalogue so that the command line can
// check a --level without loading it (`list` starts in a blink).

export const LEVELS = ['MUST', 'SHOULD', 'OBSERVE'] as const;
export type Level = (typeof LEVELS)[number];
