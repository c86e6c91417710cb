/** Anything that carries the active fault and variation names (the emulator state, a delivery engine). */
export interface FaultHolder {
  readonly faults: ReadonlySet<string>;
}

/**
 * A switch typed by one area's fault names, so that a misspelt name is a compile
 * error rather than a fault that never fires. It takes the holder or the names themselves.
 */
export const faultSwitch =
  <Name extends string>() =>
  (active: FaultHolder | ReadonlySet<string>, name: Name): boolean =>
    (active instanceof Set ? active : (active as FaultHolder).faults).has(name);
