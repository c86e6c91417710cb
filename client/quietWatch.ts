import type { RecorderActivity } from './requestRecorder.ts';

// When a client started elsewhere is done: it has made at least one call, none is
// still being answered, and none came for the idle time the user chose. The quiet is
// measured from the end of the last answer, so a slow answer is never cut short.

/** How long a client started elsewhere may be quiet before it is judged, when --idle is not given. */
export const DEFAULT_IDLE_SECONDS = 10;

/** How waiting for a client started elsewhere ended. */
export type WaitEnded = 'quiet' | 'interrupted';

export class QuietWatch implements RecorderActivity {
  private calls = 0;
  private answering = 0;
  private timer: NodeJS.Timeout | undefined;
  private onQuiet: (() => void) | undefined;

  constructor(private readonly idleMs: number) {}

  started(): void {
    this.calls += 1;
    this.answering += 1;
    clearTimeout(this.timer);
  }

  ended(): void {
    this.answering -= 1;
    this.arm();
  }

  /** Resolves once the client has gone quiet, or when `interrupted` aborts (Ctrl-C), whichever comes first. */
  wait(interrupted: AbortSignal): Promise<WaitEnded> {
    return new Promise((resolve) => {
      const end = (how: WaitEnded) => {
        clearTimeout(this.timer);
        this.onQuiet = undefined;
        interrupted.removeEventListener('abort', onAbort);
        resolve(how);
      };
      const onAbort = () => end('interrupted');
      if (interrupted.aborted) return end('interrupted');
      interrupted.addEventListener('abort', onAbort, { once: true });
      this.onQuiet = () => end('quiet');
      this.arm();
    });
  }

  private arm(): void {
    if (!this.onQuiet || this.calls === 0 || this.answering > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(this.onQuiet, this.idleMs);
  }
}
