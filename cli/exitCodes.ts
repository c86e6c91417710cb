/** Exit codes CI understands: 0 conformant, 1 non-conformant, 2 setup error. */
export const EXIT = { conformant: 0, nonConformant: 1, setup: 2 } as const;
