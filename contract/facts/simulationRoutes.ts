// The payment-simulation operations of the reference emulator: outside the documents ("the
// sandbox can also simulate received ACH payments … outside this document"), a protocol the
// emulator serves (emulator/sandbox/) and the harness's built-in adapter calls
// (harness/targetIO/simulation/emulatorSimulation.ts). Written once here so both read the
// same paths and request types (docs/sandbox-simulation.md describes them).

export const SIMULATION_ROUTES = {
  ReceivedAchDebit: { path: '/sandbox/received-ach-debits', type: 'receivedAchDebitSimulation' },
  ReceivedAchCredit: { path: '/sandbox/received-ach-credits', type: 'receivedAchCreditSimulation' },
  CheckPayment: { path: '/sandbox/check-payments', type: 'checkPaymentSimulation' },
  WireDrawdown: { path: '/sandbox/wire-drawdowns', type: 'wireDrawdownSimulation' },
} as const satisfies Record<string, { path: `/sandbox/${string}`; type: string }>;

/** A kind of payment the sandbox can be made to receive. */
export type SimulationKind = keyof typeof SIMULATION_ROUTES;
