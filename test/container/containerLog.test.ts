import { PassThrough } from 'node:stream';
import { expect, test } from 'vitest';
import { ContainerLog, dockerLogText, MAX_LOG_LINES } from '../../container/containerLog.ts';

// The container's output, line by line, bounded.

test('lines split across chunks are joined, the last non-blank line is the last log line', async () => {
  const stream = new PassThrough();
  const log = new ContainerLog();
  log.consume(stream);
  stream.write('start');
  stream.write('ing\r\nfatal: no con');
  stream.end('fig\n\n');
  await log.settled(1_000);
  expect(log.lines()).toEqual(['starting', 'fatal: no config', '']);
  expect(log.lastLine()).toBe('fatal: no config');
  expect(log.tail(1)).toEqual(['']);
});

test('past the limit the oldest lines go, and the text says how many', async () => {
  const stream = new PassThrough();
  const log = new ContainerLog();
  log.consume(stream);
  stream.end(Array.from({ length: MAX_LOG_LINES + 3 }, (_, i) => `line ${i}`).join('\n') + '\n');
  await log.settled(1_000);
  expect(log.lines()).toHaveLength(MAX_LOG_LINES);
  expect(log.lines()[0]).toBe('line 3');
  expect(log.text().split('\n')[0]).toBe('[3 earlier line(s) not kept]');
});

test('a container that printed nothing has no last line', () => {
  expect(new ContainerLog().lastLine()).toBeUndefined();
});

test("Docker's multiplexed record reads back as the output in the order it was written, stdout and stderr interleaved", () => {
  const frame = (stream: 1 | 2, text: string) => {
    const payload = Buffer.from(text);
    const header = Buffer.alloc(8);
    header[0] = stream;
    header.writeUInt32BE(payload.length, 4);
    return Buffer.concat([header, payload]);
  };
  const record = Buffer.concat([frame(1, 'starting\n'), frame(2, 'fatal: BROKEN'), frame(2, '_TARGET_CONFIG is not set\n')]);
  const log = new ContainerLog();
  log.replaceWith(dockerLogText(record));
  expect(log.lastLine()).toBe('fatal: BROKEN_TARGET_CONFIG is not set');
  expect(dockerLogText(Buffer.from('plain output of a container with a TTY\n'))).toBe('plain output of a container with a TTY\n');
});
