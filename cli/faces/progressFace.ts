import type { EngineListener } from '../../harness/engine/engineEvents.ts';
import { type ProgressDisplay, progressDisplayFor, progressListener, itemLines } from '../progressDisplay.ts';
import type { Face } from './face.ts';

// The terminal's progress: a live line or a line per scenario (cli/progressDisplay.ts), from
// run-started (which says how many scenarios are planned) to run-finished. A command's run may
// have several segments, one after another (a client's webhooks judged as receivers while it runs,
// then its own items): each is shown from its run-started to its run-finished.

export const progressFace: Face = {
  name: 'progress',
  open(settings) {
    let shown: { display: ProgressDisplay; tell: EngineListener } | undefined;
    return {
      listen(event) {
        if (event.type === 'run-started') {
          // A segment that broke before its run-finished leaves no live line behind.
          shown?.display.finish();
          const total = event.planned.length;
          // Standard output carries the events: the progress goes where the command's lines go, never redrawn.
          const display =
            settings.events === '-'
              ? itemLines(total, settings.quiet ? () => {} : settings.write, settings.style)
              : progressDisplayFor(total, { quiet: settings.quiet, style: settings.style }, settings.write);
          shown = { display, tell: progressListener(display, settings.verbose) };
        }
        shown?.tell(event);
        if (event.type === 'run-finished') {
          shown?.display.finish();
          shown = undefined;
        }
      },
      // A client's command prints its output while its webhooks' segments are shown. The live line is redrawn in
      // place: a line printed past it would run on from the bar and be wiped by the next redraw. So while a segment
      // shows one, the command's lines go through it (the bar cleared, the whole line printed, the bar drawn again
      // beneath); a display of whole lines, or none, leaves them as they are written.
      print(text) {
        if (shown?.display.inPlace) shown.display.line(text);
        else settings.write(text);
      },
    };
  },
};
