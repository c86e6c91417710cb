import type { EmulatorArea } from '../core/area.ts';

// Section 4.5 and the simulated payments. Routes are added by the sandbox work (issue 4).
export const registerSandboxRoutes: EmulatorArea = () => {};
