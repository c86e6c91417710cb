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

  /**
   * Replaces what was streamed with Docker's complete record of the output (a
   * non-following read once the container has stopped): the followed stream can
   * still lack the last lines when a container exits at once, and the last line is
   * what a setup error names.
   */
  replaceWith(text: string): void {
    this.kept.length = 0;
    this.partial = '';
    this.dropped = 0;
    this.append(text);
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
    return this.lines()
      .reverse()
      .find((line) => line.trim() !== '');
  }

  tail(count: number): string[] {
    return this.lines().slice(-count);
  }

  text(): string {
    const header = this.dropped > 0 ? `[${this.dropped} earlier line(s) not kept]\n` : '';
    return `${header}${this.lines().join('\n')}\n`;
  }
}

/**
 * The text of Docker's multiplexed log format (a container without a TTY): frames
 * of an 8-byte header (stream type, 3 zero bytes, payload size as uint32 BE) and
 * the payload, stdout and stderr interleaved in the order they were written.
 */
export function dockerLogText(multiplexed: Buffer): string {
  const framed = (at: number): boolean =>
    multiplexed[at]! <= 2 && multiplexed[at + 1] === 0 && multiplexed[at + 2] === 0 && multiplexed[at + 3] === 0;
  // A container with a TTY writes its output as it is, without frames.
  if (multiplexed.length > 0 && (multiplexed.length < 8 || !framed(0))) return multiplexed.toString('utf8');
  const pieces: Buffer[] = [];
  let offset = 0;
  while (offset + 8 <= multiplexed.length) {
    const size = multiplexed.readUInt32BE(offset + 4);
    pieces.push(multiplexed.subarray(offset + 8, offset + 8 + size));
    offset += 8 + size;
  }
  return Buffer.concat(pieces).toString('utf8');
}
