import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_BYTES_DECIMAL } from '../../contract/facts/documentLimits.ts';

// Authorization documents to upload (section 4.2): the committed samples in
// fixtures/documents, and PNGs of an exact size built in memory for the size
// limit of section 8 (large bodies are never committed).

const FIXTURES = new URL('../../fixtures/documents/', import.meta.url);

export const SAMPLE_DOCUMENTS = [
  { contentType: 'image/png', file: 'authorization.png' },
  { contentType: 'image/jpeg', file: 'authorization.jpg' },
  { contentType: 'application/pdf', file: 'authorization.pdf' },
] as const;

const cache = new Map<string, Buffer>();
export function sampleDocument(file: string): Buffer {
  let bytes = cache.get(file);
  if (!bytes) {
    bytes = readFileSync(new URL(file, FIXTURES));
    cache.set(file, bytes);
  }
  return bytes;
}

/** length + type + crc around the data. */
const CHUNK_OVERHEAD = 12;
const IEND_LENGTH = 12;

/**
 * The sample PNG grown to exactly `size` bytes by a private ancillary chunk
 * before IEND ("paDd": ancillary, private, safe to copy), so it is still a valid image.
 */
export function pngOfSize(size: number): Buffer {
  const sample = sampleDocument('authorization.png');
  const head = sample.subarray(0, sample.length - IEND_LENGTH);
  const dataLength = size - sample.length - CHUNK_OVERHEAD;
  if (dataLength < 0) throw new RangeError(`a PNG cannot be smaller than ${sample.length + CHUNK_OVERHEAD} bytes`);
  const chunk = Buffer.alloc(CHUNK_OVERHEAD + dataLength);
  chunk.writeUInt32BE(dataLength, 0);
  chunk.write('paDd', 4, 'latin1');
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + dataLength)), 8 + dataLength);
  return Buffer.concat([head, chunk, sample.subarray(sample.length - IEND_LENGTH)]);
}

/** Section 8 "20 MB": 20,000,000 bytes is within it under any reading; 20 MiB + 1 is over it under any reading. */
export const SIZE_WITHIN_ANY_READING = DOCUMENT_MAX_BYTES_DECIMAL;
export const SIZE_OVER_ANY_READING = DOCUMENT_MAX_BYTES + 1;
export const SIZE_BETWEEN_READINGS = DOCUMENT_MAX_BYTES_DECIMAL + 1;
