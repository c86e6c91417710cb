import { type ProgressDisplay, progressDisplayFor, progressListener, scenarioLines } from '../progressDisplay.ts';
import type { Face } from './face.ts';

// The terminal's progress: a live line or a line per scenario (cli/progressDisplay.ts), from
// run-started (which says how many scenarios are planned) to run-finished.

export const progressFace: Face = {
  name: 'progress',
  open(settings) {
    let display: ProgressDisplay | undefined;
    let tell: ReturnType<typeof progressListener> | undefined;
    return {
      listen(event) {
        if (event.type === 'run-started') {
          const total = event.planned.length;
          // Standard output carries the events: the progress goes where the command's lines go, never redrawn.
          display =
            settings.events === '-'
              ? scenarioLines(total, settings.quiet ? () => {} : settings.write, settings.style)
              : progressDisplayFor(total, { quiet: settings.quiet, style: settings.style }, settings.write);
          tell = progressListener(display, settings.verbose);
        }
        tell?.(event);
        if (event.type === 'run-finished') display?.finish();
      },
    };
  },
};
