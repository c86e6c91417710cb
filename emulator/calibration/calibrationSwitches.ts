import type { ToleratedVariation } from '../faults/toleratedVariations.ts';

// What a run's observations say about the emulator's switches: for each choice the
// documents leave open and a tolerated variation can make, the OBSERVE requirements
// that record it and, per observed value, the behaviour that makes the same choice.
// An observed value matches a rule when it holds every member the rule names
// (objects: the members named, recursively; a measured number: within a range;
// anything else: equal).

/** The emulator's own behaviour: no variation. */
export const OWN_BEHAVIOUR = 'own behaviour';

export type Behaviour = ToleratedVariation | typeof OWN_BEHAVIOUR;

/** A measured number from `from` (inclusive) up to `below`. */
export class MeasuredRange {
  constructor(
    readonly from: number,
    readonly below: number,
  ) {}
}

export interface ObservationRule {
  requirement: string;
  /** The observed value, or the members of it that decide. */
  matches: unknown;
  behaviour: Behaviour;
}

export interface CalibrationSwitch {
  /** The choice the documents leave open, with where they leave it. */
  choice: string;
  rules: readonly ObservationRule[];
}

/** The same two rules for each requirement that records an answer's status. */
const byStatus = (requirements: readonly string[], own: number, other: number, variation: ToleratedVariation): ObservationRule[] =>
  requirements.flatMap((requirement) => [
    { requirement, matches: { status: own }, behaviour: OWN_BEHAVIOUR },
    { requirement, matches: { status: other }, behaviour: variation },
  ]);

export const CALIBRATION_SWITCHES: readonly CalibrationSwitch[] = [
  {
    choice: 'the status of a new webhook (3.2, 4.3)',
    rules: [
      { requirement: 'WH-INITIAL-STATUS', matches: 'Enabled', behaviour: OWN_BEHAVIOUR },
      { requirement: 'WH-INITIAL-STATUS', matches: 'Disabled', behaviour: 'webhooks-start-disabled' },
    ],
  },
  {
    choice: 'the answer to a webhook create (4.3)',
    rules: [
      { requirement: 'WH-CREATE-RESPONSE', matches: { status: 201, dataIsWebhook: true }, behaviour: OWN_BEHAVIOUR },
      { requirement: 'WH-CREATE-RESPONSE', matches: { status: 201, dataIsWebhook: false }, behaviour: 'webhook-create-empty-201' },
      { requirement: 'WH-CREATE-RESPONSE', matches: { status: 204 }, behaviour: 'webhook-create-204' },
    ],
  },
  {
    choice: 'whether a webhook shows deliveryMode and includeResources (2.6)',
    rules: [
      { requirement: 'WH-OPTIONAL-ATTRIBUTES-RETURNED', matches: ['deliveryMode', 'includeResources'], behaviour: OWN_BEHAVIOUR },
      { requirement: 'WH-OPTIONAL-ATTRIBUTES-RETURNED', matches: [], behaviour: 'webhook-without-delivery-mode' },
    ],
  },
  {
    choice: 'the answer of the operations whose response is not shown (4.1, 4.2, 4.4, 4.5)',
    rules: byStatus(
      [
        'PP-POLICY-RESPONSE',
        'PP-POLICY-EMPTY-OPTIN',
        'PP-PRODUCT-RESPONSE',
        'PP-PRODUCT-EMPTY-OPTIN',
        'PP-UPLOAD-RESPONSE',
        'EV-RESEND-RESPONSE',
        'SB-REVIEW-RESPONSE',
      ],
      200,
      204,
      'not-shown-answers-204',
    ),
  },
  {
    choice: 'the status of an invalid request (7)',
    rules: byStatus(['GN-ERROR-FORMAT'], 400, 422, 'invalid-as-422'),
  },
  {
    choice: 'the order of GET /events (4.4)',
    rules: [
      { requirement: 'EV-LIST-ORDER', matches: 'newest first', behaviour: OWN_BEHAVIOUR },
      { requirement: 'EV-LIST-ORDER', matches: 'oldest first', behaviour: 'events-listed-oldest-first' },
    ],
  },
  {
    // Measured: a unit of a second reads about 1, of a minute about 60.
    choice: 'the unit of the Fibonacci backoff, in seconds (6.1)',
    rules: [
      { requirement: 'DL-BACKOFF-UNIT', matches: new MeasuredRange(0.5, 2), behaviour: OWN_BEHAVIOUR },
      { requirement: 'DL-BACKOFF-UNIT', matches: new MeasuredRange(30, 120), behaviour: 'backoff-unit-minute' },
    ],
  },
  {
    choice: 'the precision of a <timestamp> (Conventions)',
    rules: [
      { requirement: 'GN-TIMESTAMP-PRECISION', matches: 'milliseconds', behaviour: OWN_BEHAVIOUR },
      { requirement: 'GN-TIMESTAMP-PRECISION', matches: 'whole second', behaviour: 'timestamps-in-whole-seconds' },
    ],
  },
  {
    choice: "whether a drawdown's wireDrawdown.created carries its rule's tags (2.4, 2.7)",
    rules: [
      { requirement: 'DC-DRAWDOWN-TAGS-OWN-LABELS', matches: { carriesRuleTags: false }, behaviour: OWN_BEHAVIOUR },
      { requirement: 'DC-DRAWDOWN-TAGS-OWN-LABELS', matches: { carriesRuleTags: true }, behaviour: 'drawdown-events-carry-rule-tags' },
    ],
  },
];
