import type { EmulatorArea } from '../core/area.ts';

// Section 4.3. Routes are added by the webhooks work (issue 3).
export const registerWebhookRoutes: EmulatorArea = () => {};
