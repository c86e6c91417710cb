/** Exit codes CI understands: 0 conformant, 1 non-conformant, 2 setup error; 130 stopped by Ctrl-C (128 + SIGINT, as a shell says it). */
export const EXIT = { conformant: 0, nonConformant: 1, setup: 2, interrupted: 130 } as const;
