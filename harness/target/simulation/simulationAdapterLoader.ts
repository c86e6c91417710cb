import { pathToFileURL } from 'node:url';
import { SetupError } from '../targetManifest.ts';
import { emulatorSimulation } from './emulatorSimulation.ts';
import type { PaymentSimulationAdapter } from './paymentSimulation.ts';

// Loads the adapter a manifest names (`simulation`, an absolute path by the time
// it gets here), or the built-in emulator adapter when it names none. A module
// that does not export an adapter is a setup error naming the module.

export async function loadSimulationAdapter(modulePath: string | undefined): Promise<PaymentSimulationAdapter> {
  if (!modulePath) return emulatorSimulation;
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(pathToFileURL(modulePath).href)) as Record<string, unknown>;
  } catch (error) {
    throw new SetupError(`simulation adapter ${modulePath} could not be loaded: ${(error as Error).message}`);
  }
  const adapter = (loaded.default ?? loaded.simulationAdapter) as Partial<PaymentSimulationAdapter> | undefined;
  if (!adapter || typeof adapter.receive !== 'function' || typeof adapter.name !== 'string') {
    throw new SetupError(
      `simulation adapter ${modulePath}: its default export must be an adapter { name: string, receive(payment, http) } (see harness/target/simulation/paymentSimulation.ts)`,
    );
  }
  return adapter as PaymentSimulationAdapter;
}
