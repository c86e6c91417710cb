// The two environments the documents distinguish (API 1 and 7: the simulation
// operations exist in the sandbox only), written once for the emulator, the catalogue and the
// results document.

export const ENVIRONMENTS = ['sandbox', 'live'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
