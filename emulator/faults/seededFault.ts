/** A seeded fault as each area declares it: a realistic deviation and the requirement ids it must break. */
export interface SeededFault {
  name: string;
  description: string;
  breaks: readonly string[];
}
