// Seeded deviations of the positive pay area, as data. Each names the requirement
// ids it must break, so the project's tests can prove those checks can fail, and
// wraps the area's behaviour (positivePayBehaviour.ts) with its one deviation.

import { DOCUMENT_MAX_BYTES, DOCUMENT_SIZE_MB } from '../../contract/facts/documentLimits.ts';
import { PAYMENT_TYPES, type PaymentType } from '../core/domain.ts';
import { invalid } from '../core/jsonApi.ts';
import { MAX_PAGE_LIMIT } from '../core/listQuery.ts';
import type { EdgeFault } from '../faults/edgeFault.ts';
import type { PositivePayBehaviour } from './positivePayBehaviour.ts';
import { ORIGINATOR_TYPES } from './ruleRequest.ts';

const HOUR_MS = 3_600_000;

/** created-at-in-local-time: the same instant at +01:00, milliseconds kept. */
const inLocalTime = (ms: number): string => new Date(ms + HOUR_MS).toISOString().replace(/Z$/, '+01:00');

/** fractional-amount-truncated: a non-negative amount in fractions of a cent, cut to whole cents. */
function truncatedFraction(value: unknown): number | undefined {
  const fractional = typeof value === 'number' && value >= 0 && Number.isFinite(value) && !Number.isInteger(value);
  return fractional ? Math.trunc(value) : undefined;
}

/** amount-digit-string-read-as-cents: a string of digits ("1234") taken for that many cents. */
function digitStringCents(value: unknown): number | undefined {
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
}

/**
 * expiration-date-read-leniently: YYYY-MM-DD, or DD/MM/YYYY, through Date.UTC, which rolls an
 * impossible day over (2095-02-30 becomes 2095-03-02).
 */
function lenientDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const yearFirst = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const dayFirst = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const [year, month, day] = yearFirst ? yearFirst.slice(1) : dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]] : [];
  if (year === undefined) return undefined;
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).toISOString().slice(0, 10);
}

/** opt-in-unknown-values-dropped: a lenient parser that keeps the known elements and drops the rest. */
function knownElementsOnly(value: unknown): PaymentType[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((element): element is PaymentType => (PAYMENT_TYPES as readonly unknown[]).includes(element));
}

export const positivePayFaults = [
  {
    name: 'rule-without-created-at',
    description: 'rule resources omit attributes.createdAt',
    breaks: ['PP-RULE-RESOURCE-SHAPE', 'PP-LIST-SHAPE'],
    wrap: (behaviour) => ({ ...behaviour, rendersCreatedAt: false }),
  },
  {
    name: 'created-at-without-millis',
    description: 'createdAt is rendered without milliseconds (2026-01-02T03:04:05Z)',
    breaks: ['GN-TIMESTAMP-FORMAT'],
    wrap: (behaviour) => ({ ...behaviour, timestampText: (ms) => behaviour.timestampText(ms).replace(/\.\d{3}Z$/, 'Z') }),
  },
  {
    name: 'created-at-in-local-time',
    description: 'createdAt is rendered at the offset +01:00 (not UTC), with milliseconds',
    breaks: ['GN-TIMESTAMP-FORMAT'],
    wrap: (behaviour) => ({ ...behaviour, timestampText: inLocalTime }),
  },
  {
    name: 'invalid-rule-answered-201',
    description: 'an ACH rule with neither originatorName nor originatorEntityId is created and answered 201',
    breaks: ['PP-ACH-ORIGINATOR-REQUIRED', 'PP-RULE-INVALID-4XX'],
    wrap: (behaviour) => ({ ...behaviour, requiresOriginator: false }),
  },
  {
    name: 'invalid-rule-refused-after-storing',
    description: 'an ACH rule with neither originatorName nor originatorEntityId is answered 400, but stored (and listed) all the same',
    breaks: ['PP-ACH-ORIGINATOR-REQUIRED'],
    wrap: (behaviour) => ({
      ...behaviour,
      requiresOriginator: false,
      refusalAfterStoring: (rule) =>
        ORIGINATOR_TYPES.includes(rule.type) && rule.originatorName === undefined && rule.originatorEntityId === undefined
          ? invalid('/data/attributes/originatorName', 'at least one of originatorName and originatorEntityId is required')
          : behaviour.refusalAfterStoring(rule),
    }),
  },
  {
    name: 'check-number-not-required',
    description: 'a check rule without checkNumber is created',
    breaks: ['PP-CHECK-REQUIRED-MEMBERS', 'PP-RULE-INVALID-4XX'],
    wrap: (behaviour) => ({ ...behaviour, requiresCheckNumber: false }),
  },
  {
    name: 'drawdown-created-active',
    description: 'a new drawdownPositivePay rule starts Active instead of AwaitingDocuments',
    breaks: ['PP-RULE-INITIAL-STATUS'],
    wrap: (behaviour) => ({ ...behaviour, newDrawdownStatus: 'Active' }),
  },
  {
    name: 'account-relationship-typed-account',
    description: 'rule responses type the account relationship "account" instead of "depositAccount"',
    breaks: ['PP-RULE-ACCOUNT-RELATIONSHIP', 'PP-RULE-RESOURCE-SHAPE'],
    wrap: (behaviour) => ({ ...behaviour, accountRelationshipType: 'account' }),
  },
  {
    name: 'tags-dropped',
    description: 'submitted tags are not returned on the rule',
    breaks: ['PP-RULE-ECHO-ATTRIBUTES'],
    wrap: (behaviour) => ({ ...behaviour, echoesTags: false }),
  },
  {
    name: 'policy-optin-not-required',
    description: "a positive pay policy without optInTypes is accepted, clearing the account's opt-in",
    breaks: ['PP-POLICY-INVALID-REFUSED', 'PP-POLICY-INVALID-4XX', 'PP-POLICY-OPTIN-NO-EFFECT'],
    wrap: (behaviour) => ({ ...behaviour, policyRequiresOptInTypes: false }),
  },
  {
    name: 'fractional-amount-truncated',
    description: 'a rule amount in fractions of a cent (1234.5) is truncated to whole cents and the rule created, instead of refused',
    breaks: ['PP-RULE-INVALID-VALUES-NO-EFFECT', 'PP-RULE-INVALID-VALUES'],
    wrap: (behaviour) => ({
      ...behaviour,
      readCents: (resource, name) => truncatedFraction(resource.attributes[name]) ?? behaviour.readCents(resource, name),
    }),
  },
  {
    name: 'amount-digit-string-read-as-cents',
    description: 'a rule amount written as a string of digits ("1234") is read as that many cents and the rule created, instead of refused',
    breaks: ['PP-RULE-INVALID-VALUES-NO-EFFECT', 'PP-RULE-INVALID-VALUES'],
    wrap: (behaviour) => ({
      ...behaviour,
      readCents: (resource, name) => digitStringCents(resource.attributes[name]) ?? behaviour.readCents(resource, name),
    }),
  },
  {
    name: 'expiration-date-read-leniently',
    description:
      'an expirationDate is read as YYYY-MM-DD or DD/MM/YYYY and rolled over into a calendar day, so 2095-02-30 makes a rule expiring 2095-03-02 and 31/12/2095 one expiring 2095-12-31, instead of being refused',
    breaks: ['PP-RULE-INVALID-VALUES-NO-EFFECT', 'PP-RULE-INVALID-VALUES'],
    wrap: (behaviour) => ({
      ...behaviour,
      readDate: (resource, name) => lenientDate(resource.attributes[name]) ?? behaviour.readDate(resource, name),
    }),
  },
  {
    name: 'opt-in-unknown-values-dropped',
    description:
      'a policy or deposit product update whose opt-in array holds unknown values (WireDrawdown, checkPayment) is accepted with those values dropped, replacing the opt-in',
    breaks: ['PP-POLICY-OPTIN-NO-EFFECT', 'PP-PRODUCT-OPTIN-NO-EFFECT', 'PP-POLICY-OPTIN-VALUES', 'PP-PRODUCT-OPTIN-VALUES'],
    wrap: (behaviour) => ({
      ...behaviour,
      readOptIn: (resource, name) => knownElementsOnly(resource.attributes[name]) ?? behaviour.readOptIn(resource, name),
    }),
  },
  {
    name: 'opt-in-wire-read-as-ach',
    description:
      'a policy or deposit product update whose opt-in names WireDrawdown is accepted with it read as ACH in both directions (ReceivedAchDebit and ReceivedAchCredit), replacing the opt-in',
    breaks: ['PP-POLICY-OPTIN-NO-EFFECT', 'PP-POLICY-OPTIN-VALUES'],
    wrap: (behaviour) => ({
      ...behaviour,
      readOptIn: (resource, name) => {
        const value = resource.attributes[name];
        if (!Array.isArray(value) || !value.includes('WireDrawdown')) return behaviour.readOptIn(resource, name);
        return [...new Set([...(knownElementsOnly(value) ?? []), 'ReceivedAchDebit', 'ReceivedAchCredit'] as PaymentType[])];
      },
    }),
  },
  {
    name: 'list-default-page-size-50',
    description: 'the rule list returns 50 rules when page[limit] is absent',
    breaks: ['GN-DEFAULT-PAGE-SIZE'],
    wrap: (behaviour) => ({ ...behaviour, defaultPageLimit: 50 }),
  },
  {
    name: 'list-ascending-default-sort',
    description: 'the rule list sorts by ascending createdAt when sort is absent',
    breaks: ['PP-LIST-SORT-DEFAULT'],
    wrap: (behaviour) => ({ ...behaviour, descendingByDefault: false }),
  },
  {
    name: 'list-ignores-sort',
    description: 'sort is accepted but the rule list stays newest first whatever it asks',
    breaks: ['PP-LIST-SORT'],
    wrap: (behaviour) => ({ ...behaviour, honoursSort: false }),
  },
  {
    name: 'list-default-offset-1',
    description: 'without page[offset] the rule list starts at its second rule',
    breaks: ['GN-DEFAULT-OFFSET'],
    wrap: (behaviour) => ({ ...behaviour, defaultOffset: 1 }),
  },
  {
    name: 'list-ignores-status-filter',
    description: 'filter[status] is accepted but not applied',
    breaks: ['PP-LIST-FILTER-STATUS'],
    wrap: (behaviour) => ({ ...behaviour, filtersByStatus: false }),
  },
  {
    name: 'list-ignores-type-filter',
    description: 'filter[type] is accepted but not applied',
    breaks: ['PP-LIST-FILTER-TYPE'],
    wrap: (behaviour) => ({ ...behaviour, filtersByType: false }),
  },
  {
    name: 'list-ignores-offset',
    description: 'page[offset] is echoed in meta but no resources are skipped',
    breaks: ['PP-LIST-OFFSET'],
    wrap: (behaviour) => ({ ...behaviour, appliesOffset: false }),
  },
  {
    name: 'list-limit-over-max',
    description: 'off by one at the maximum: page[limit]=1000 returns up to 1001 rules',
    breaks: ['GN-MAX-PAGE-SIZE'],
    wrap: (behaviour) => ({ ...behaviour, rulesPerPage: (limit) => behaviour.rulesPerPage(limit) + (limit === MAX_PAGE_LIMIT ? 1 : 0) }),
  },
  {
    name: 'list-without-total',
    description: 'meta.pagination lacks total',
    breaks: ['PP-LIST-SHAPE'],
    wrap: (behaviour) => ({ ...behaviour, listShowsTotal: false }),
  },
  {
    name: 'upload-accepts-text-plain',
    description: 'a document upload with Content-Type text/plain is accepted and activates the rule',
    breaks: ['PP-UPLOAD-CONTENT-TYPE-REFUSED', 'PP-UPLOAD-CONTENT-TYPE-4XX'],
    wrap: (behaviour) => ({
      ...behaviour,
      acceptsDocumentType: (mediaType) => behaviour.acceptsDocumentType(mediaType) || mediaType === 'text/plain',
    }),
  },
  {
    name: 'upload-accepts-21mb',
    description: `the document size limit is ${DOCUMENT_SIZE_MB + 1} MiB instead of ${DOCUMENT_SIZE_MB} MB`,
    breaks: ['PP-UPLOAD-SIZE-OVER-REFUSED', 'PP-UPLOAD-SIZE-OVER-4XX'],
    wrap: (behaviour) => ({ ...behaviour, maxDocumentBytes: DOCUMENT_MAX_BYTES + 1024 * 1024 }),
  },
  {
    name: 'upload-accepted-for-any-rule',
    description: 'a document upload to an ACH or check rule is accepted (200) and stored, as if the rule were a drawdown rule',
    breaks: ['PP-UPLOAD-DRAWDOWN-ONLY-REFUSED', 'PP-UPLOAD-DRAWDOWN-ONLY'],
    wrap: (behaviour) => ({ ...behaviour, documentsForDrawdownOnly: false }),
  },
  {
    name: 'unknown-rule-type-created-as-drawdown',
    description: 'a create whose data.type is none of the four rule types makes a drawdownPositivePay rule instead of being refused',
    breaks: ['PP-RULE-TYPE-UNKNOWN-REFUSED', 'PP-RULE-INVALID-4XX'],
    wrap: (behaviour) => ({ ...behaviour, unknownRuleTypeTakenAs: 'drawdownPositivePay' }),
  },
  {
    name: 'upload-keeps-awaiting',
    description: 'an accepted document upload leaves the drawdown rule AwaitingDocuments',
    breaks: ['PP-UPLOAD-ACTIVATES'],
    wrap: (behaviour) => ({ ...behaviour, uploadActivates: false }),
  },
  {
    name: 'cancel-leaves-status',
    description: 'cancel answers 200 but the rule keeps its status (and so fires no event)',
    breaks: ['PP-CANCEL', 'PP-CANCEL-EVENT'],
    wrap: (behaviour) => ({ ...behaviour, cancelMovesToCancelled: false }),
  },
  {
    name: 'cancel-without-event',
    description: 'cancelling a rule publishes no positivePay.cancelled event',
    breaks: ['PP-CANCEL-EVENT'],
    wrap: (behaviour) => ({ ...behaviour, cancelPublishesEvent: () => false }),
  },
  {
    name: 'cancel-event-every-other-time',
    description:
      'every second cancel (the 2nd, 4th, … of the emulator) publishes no positivePay.cancelled event; the other cancels publish theirs, naming their rule',
    breaks: ['PP-CANCEL-EVENT'],
    wrap: (behaviour) => {
      let cancels = 0;
      return {
        ...behaviour,
        cancelPublishesEvent: (rule) => {
          cancels += 1;
          return cancels % 2 === 1 && behaviour.cancelPublishesEvent(rule);
        },
      };
    },
  },
  {
    name: 'scope-not-checked-on-list',
    description: 'GET /positive-pay accepts a token without scope payments',
    breaks: ['AU-SCOPE-REQUIRED', 'AU-SCOPE-403'],
    wrap: (behaviour) => ({ ...behaviour, listRequiresScope: false }),
  },
  {
    name: 'responses-typed-application-json',
    description: 'positive pay responses are served as application/json instead of application/vnd.api+json',
    breaks: ['GN-MEDIA-TYPE'],
    wrap: (behaviour) => ({ ...behaviour, servesJsonApiMediaType: false }),
  },
  {
    name: 'gzip-answers-unlabelled',
    description:
      'positive pay answers are gzip-coded but carry no Content-Encoding, so they are labelled as the JSON:API documents they no longer are (a gateway that compresses and drops the header)',
    breaks: ['PP-RULE-RESOURCE-SHAPE', 'PP-LIST-SHAPE'],
    wrap: (behaviour) => ({ ...behaviour, codesAnswersUnlabelled: true }),
  },
] as const satisfies readonly EdgeFault<PositivePayBehaviour>[];
