import type { Readable } from 'node:stream';

// The container's output (stdout and stderr, as testcontainers demultiplexes
// them), kept line by line for the reports. Bounded, so a chatty target cannot
// exhaust memory: past the limit the oldest lines go, and the count says so.

export const MAX_LOG_LINES = 5_000;

export class ContainerLog {
  private readonly kept: string[] = [];
  private partial = '';
  private dropped = 0;
  private ended!: Promise<void>;

  consume(stream: Readable): void {
    this.ended = new Promise((resolve) => {
      stream.on('data', (chunk: Buffer | string) => this.append(String(chunk)));
      stream.on('end', resolve);
      stream.on('close', resolve);
      stream.on('error', resolve);
    });
  }

  /**
   * Resolves when the stream has ended (the container stopped), or after `waitMs` at most.
   * The timer is deliberately not unref'd: testcontainers' log stream does not hold
   * the process, so an unref'd timer let Node exit mid-run, before any verdict.
   */
  async settled(waitMs: number): Promise<void> {
    if (!this.ended) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.ended, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }

  private append(text: string): void {
    const pieces = (this.partial + text).split(/\r?\n/);
    this.partial = pieces.pop() ?? '';
    for (const line of pieces) this.push(line);
  }

  private push(line: string): void {
    this.kept.push(line);
    if (this.kept.length > MAX_LOG_LINES) {
      this.kept.shift();
      this.dropped += 1;
    }
  }

  lines(): string[] {
    return this.partial ? [...this.kept, this.partial] : [...this.kept];
  }

  /** The last line with something on it, or undefined when the container printed nothing. */
  lastLine(): string | undefined {
    return this.lines().reverse().find((line) => line.trim() !== '');
  }

  tail(count: number): string[] {
    return this.lines().slice(-count);
  }

  text(): string {
    const header = this.dropped > 0 ? `[${this.dropped} earlier line(s) not kept]\n` : '';
    return `${header}${this.lines().join('\n')}\n`;
  }
}
