// Ids are numeric strings (section 2.1: "identifier assigned by the service";
// webhook filters compare ids as integers, section 4.3), one counter per kind so
// that fromId/toId ranges are meaningful within a collection.
export class IdSequence {
  private readonly counters = new Map<string, number>();

  next(kind: string): string {
    const value = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, value);
    return String(value);
  }

  /** Take an id chosen from outside (a fixed fixture id): later ids of that kind never repeat it. */
  claim(kind: string, id: string): string {
    if (/^\d+$/.test(id)) this.counters.set(kind, Math.max(this.counters.get(kind) ?? 0, Number(id)));
    return id;
  }

  exportState(): Record<string, number> {
    return Object.fromEntries(this.counters);
  }

  importState(saved: unknown): void {
    this.counters.clear();
    for (const [kind, value] of Object.entries(saved as Record<string, number>)) this.counters.set(kind, value);
  }
}
