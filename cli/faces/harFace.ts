import { writeHar } from '../../report/harWriter.ts';
import type { Face } from './face.ts';

// Every API exchange of the run as HAR 1.2, redacted (report/harWriter.ts): `--har FILE`, or
// DIR/exchanges.har by `--reporter har`.

export const harFace: Face = {
  name: 'har',
  open: (settings) =>
    settings.harFile === undefined
      ? undefined
      : {
          finish: (run) => ({
            lines: [
              `HAR: ${writeHar(settings.harFile!, run.exchanges, run.version, settings.redactor)} (${run.exchanges.length} exchanges)`,
            ],
          }),
        },
};
