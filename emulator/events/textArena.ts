// Append-only UTF-8 texts packed into large shared buffers, and growable number
// columns: what the event store holds a million events in without one JS object
// (or string) per event. A text never spans two buffers.

const CHUNK_BYTES = 8 * 1024 * 1024;

type TypedArrayOf = Float64ArrayConstructor | Uint32ArrayConstructor;

/** A column of numbers that grows by doubling: Float64Array for times and ids, Uint32Array for small counts. */
export class NumberColumn {
  private values: Float64Array | Uint32Array;
  length = 0;

  constructor(private readonly make: TypedArrayOf = Float64Array) {
    this.values = new make(1024);
  }

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new this.make(this.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length] = value;
    this.length += 1;
  }

  at(index: number): number {
    return this.values[index]!;
  }

  /** Keeps the first `length` values (a saved state's restore). */
  truncate(length: number): void {
    this.length = Math.min(this.length, length);
  }
}

export class TextArena {
  private readonly chunks: Buffer[] = [];
  private used = CHUNK_BYTES;
  private readonly chunkOf = new NumberColumn(Uint32Array);
  private readonly startOf = new NumberColumn(Uint32Array);
  private readonly bytesOf = new NumberColumn(Uint32Array);

  /** Stores a text; answers its index (0, 1, 2 …). */
  append(text: string): number {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (this.used + bytes > (this.chunks.at(-1)?.length ?? 0)) {
      this.chunks.push(Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, bytes)));
      this.used = 0;
    }
    this.chunks.at(-1)!.write(text, this.used, 'utf8');
    this.chunkOf.push(this.chunks.length - 1);
    this.startOf.push(this.used);
    this.bytesOf.push(bytes);
    this.used += bytes;
    return this.chunkOf.length - 1;
  }

  /** How many texts it holds. */
  size(): number {
    return this.chunkOf.length;
  }

  /** Keeps the first `count` texts; their buffers stay, later texts are written after them. */
  truncate(count: number): void {
    if (count >= this.size()) return;
    const chunks = count === 0 ? 0 : this.chunkOf.at(count - 1) + 1;
    this.chunks.length = chunks;
    this.used = count === 0 ? CHUNK_BYTES : this.startOf.at(count - 1) + this.bytesOf.at(count - 1);
    for (const column of [this.chunkOf, this.startOf, this.bytesOf]) column.truncate(count);
  }

  read(index: number): string {
    return this.bytes(index).toString('utf8');
  }

  /** The stored UTF-8 bytes themselves (a view into the shared buffer, not a copy): never to be written to. */
  bytes(index: number): Buffer {
    const start = this.startOf.at(index);
    return this.chunks[this.chunkOf.at(index)]!.subarray(start, start + this.bytesOf.at(index));
  }
}
