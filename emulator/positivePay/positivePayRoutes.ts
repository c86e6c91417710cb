import type { EmulatorArea } from '../core/area.ts';

// Sections 4.1 and 4.2. Routes are added by the positive pay work (issue 2).
export const registerPositivePayRoutes: EmulatorArea = () => {};
