import { afterAll, beforeAll } from 'vitest';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator/emulator.ts';

// One emulator for a test file, on an ephemeral port, with a full-scope token;
// closed after the file's tests, whatever they did.

export interface EmulatorForFile {
  readonly emulator: Emulator;
  readonly url: string;
  readonly token: string;
}

export function emulatorPerFile(options: EmulatorOptions = {}): EmulatorForFile {
  let emulator: Emulator | undefined;
  let token = '';
  beforeAll(async () => {
    emulator = await startEmulator(options);
    token = emulator.state.tokens.mint();
  });
  afterAll(async () => {
    await emulator?.close();
  });
  return {
    get emulator() {
      if (!emulator) throw new Error('the emulator starts in beforeAll; use it inside a test');
      return emulator;
    },
    get url() {
      return this.emulator.url();
    },
    get token() {
      return token;
    },
  };
}
