import type { EmulatorArea } from '../core/area.ts';

// Section 4.4. Routes are added by the events work (issue 3).
export const registerEventRoutes: EmulatorArea = () => {};
