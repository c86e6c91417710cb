// A reader that closes early (`list scenarios | head -1`) is not an error of the
// command: what it no longer wants is dropped, and the command ends as it would
// have, with its own exit code. Anything else a stream reports is still an error.

const READER_GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

export function dropOutputOnceReaderCloses(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (READER_GONE.has(error.code ?? '')) return;
    throw error;
  });
}
