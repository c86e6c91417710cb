import type { EmulatorState } from '../core/emulatorState.ts';

// The parts of the core store that are saved and restored, in the order they are
// imported: the clock and ids first (what the rest is stamped and numbered by).
// The areas register their own stores where they make them.
export function registerCoreParts(state: EmulatorState): void {
  state.parts.add('clock', state.clock);
  state.parts.add('ids', state.ids);
  state.parts.add('tokens', state.tokens);
  state.parts.add('positivePay', state.positivePay);
  state.parts.add('fixtures', {
    exportState: () => ({ ...state.fixtures }),
    importState: (saved) => Object.assign(state.fixtures, saved),
  });
}
