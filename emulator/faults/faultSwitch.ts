/** Anything that carries the active fault and variation names (the emulator state, a delivery engine). */
export interface FaultHolder {
  readonly faults: ReadonlySet<string>;
}

/**
 * A switch typed by one area's fault names, so that a misspelt name is a compile
 * error rather than a fault that never fires.
 */
export const faultSwitch =
  <Name extends string>() =>
  (holder: FaultHolder, name: Name): boolean =>
    holder.faults.has(name);
