import { pathToFileURL } from 'node:url';
import { SetupError } from '../../records/setupError.ts';
import { missingPackageLine } from '../optionalPackage.ts';
import { emulatorSimulation } from './emulatorSimulation.ts';
import type { PaymentSimulationAdapter } from './paymentSimulation.ts';

// Loads the adapter a manifest names (`simulation`, an absolute path by the time
// it gets here), or the built-in emulator adapter when it names none. A module
// that does not export an adapter is a setup error naming the module. An adapter written in
// TypeScript is loaded through tsx (an optional peer dependency) where Node cannot load it alone:
// the package runs compiled, and Node 20 reads no TypeScript.

export async function loadSimulationAdapter(modulePath: string | undefined): Promise<PaymentSimulationAdapter> {
  if (!modulePath) return emulatorSimulation;
  let loaded: Record<string, unknown>;
  try {
    loaded = await importAdapter(pathToFileURL(modulePath).href);
  } catch (error) {
    if (error instanceof SetupError) throw error;
    throw new SetupError(`simulation adapter ${modulePath} could not be loaded: ${(error as Error).message}`);
  }
  const adapter = (loaded.default ?? loaded.simulationAdapter) as Partial<PaymentSimulationAdapter> | undefined;
  if (!adapter || typeof adapter.receive !== 'function' || typeof adapter.name !== 'string') {
    throw new SetupError(
      `simulation adapter ${modulePath}: its default export must be an adapter { name: string, receive(payment, http) } (see harness/targetIO/simulation/paymentSimulation.ts)`,
    );
  }
  return adapter as PaymentSimulationAdapter;
}

/** The adapter's module: through tsx (its own namespace, nothing registered) only when Node refuses the file's extension. */
async function importAdapter(url: string): Promise<Record<string, unknown>> {
  try {
    return (await import(url)) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
  }
  let tsx: typeof import('tsx/esm/api');
  try {
    tsx = await import('tsx/esm/api');
  } catch (error) {
    const missing = missingPackageLine(error, 'tsx', 'a simulation adapter written in TypeScript');
    throw missing ? new SetupError(missing) : error;
  }
  return (await tsx.tsImport(url, import.meta.url)) as Record<string, unknown>;
}
