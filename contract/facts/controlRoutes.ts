// The emulator-style control endpoints: not part of the documents, but a protocol
// the reference emulator serves under a prefix and the harness calls on any target
// that claims the capability. Written once here so both read the same list.

/** The default prefix; a target manifest may name another (`controlPrefix`). */
export const CONTROL_PREFIX = '/_emulator';

export const CONTROL_ROUTES = {
  health: { method: 'GET', path: '/health', capability: 'core' },
  mintToken: { method: 'POST', path: '/tokens', capability: 'tokenMinting' },
  createDepositProduct: { method: 'POST', path: '/deposit-products', capability: 'fixtureProvisioning' },
  createAccount: { method: 'POST', path: '/accounts', capability: 'fixtureProvisioning' },
  readClock: { method: 'GET', path: '/clock', capability: 'clockControl' },
  advanceClock: { method: 'POST', path: '/clock/advance', capability: 'clockControl' },
  scaleClock: { method: 'POST', path: '/clock/scale', capability: 'clockControl' },
  injectEvents: { method: 'POST', path: '/events', capability: 'eventInjection' },
  readDelivery: { method: 'GET', path: '/delivery', capability: 'clockControl' },
  changeDelivery: { method: 'PUT', path: '/delivery', capability: 'clockControl' },
  addOtherWebhooks: { method: 'POST', path: '/webhooks', capability: 'fixtureProvisioning' },
  readDeliveries: { method: 'GET', path: '/deliveries', capability: 'webhookDelivery' },
  ui: { method: 'GET', path: '/ui', capability: 'core' },
  listSnapshots: { method: 'GET', path: '/snapshots', capability: 'fixtureProvisioning' },
  saveSnapshot: { method: 'POST', path: '/snapshots', capability: 'fixtureProvisioning' },
  restoreSnapshot: { method: 'POST', path: '/snapshots/restore', capability: 'fixtureProvisioning' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT'; path: string; capability: string }>;

export type ControlRoute = (typeof CONTROL_ROUTES)[keyof typeof CONTROL_ROUTES];
