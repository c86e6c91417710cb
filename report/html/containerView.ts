import type { ContainerRunRecord } from '../../container/containerTarget.ts';
import { html } from './htmlText.ts';

// A container target's last log lines, right under the verdict: when a run
// fails, what the target itself printed is often the quickest explanation.

export function containerView(record: ContainerRunRecord | undefined): string {
  if (!record) return '';
  const shown = record.logTail.length;
  const caption = record.logLineCount > shown ? `last ${shown} of ${record.logLineCount} lines` : `${shown} line(s)`;
  const body =
    shown > 0 ? `<pre id="container-log">${html(record.logTail.join('\n'))}</pre>` : '<p class="empty">The container printed nothing.</p>';
  return [
    '<section id="container" class="panel">',
    `<h2>Target container: <code>${html(record.image.name)}</code></h2>`,
    `<p class="scenario">image ${html(record.image.id)}${record.image.repoDigests.length ? `, ${html(record.image.repoDigests.join(', '))}` : ''}; ready after ${record.startupMs} ms; ${html(record.network)} network; container ${html(record.containerId.slice(0, 12))}. Its log (${html(caption)}):</p>`,
    body,
    '</section>',
  ].join('\n');
}
