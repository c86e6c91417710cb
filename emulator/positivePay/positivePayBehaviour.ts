import { PAYMENT_TYPES, type PaymentType, type PositivePayRule, type RuleStatus, type RuleType } from '../core/domain.ts';
import { isoTimestamp } from '../core/isoTimestamp.ts';
import { DEFAULT_PAGE_LIMIT } from '../core/listQuery.ts';
import { optionalCents, optionalDate, requireEnumArray, type ResourceObject } from '../core/requestBody.ts';
import { creationOrder, type RuleComparator } from './ruleOrder.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MEDIA_TYPES } from '../../contract/facts/documentLimits.ts';

// The points where a positive pay implementation could go wrong (issue 21): the
// routes and the domain ask only this object; seeded faults (faults.ts) wrap it.

export interface PositivePayBehaviour {
  /** Sections 4.2 and Conventions: a rule resource carries attributes.createdAt. */
  readonly rendersCreatedAt: boolean;
  /** Conventions: a timestamp is an ISO 8601 UTC date-time with milliseconds. */
  readonly timestampText: (ms: number) => string;
  /** Sections 2.4, 2.5 and 4.2: the created rule carries the submitted tags. */
  readonly echoesTags: boolean;
  /** Sections 2.4 and 4.2: responses type the account relationship depositAccount. */
  readonly accountRelationshipType: string;
  /** Sections 2.5 and 7: an ACH rule names originatorName or originatorEntityId, or is refused. */
  readonly requiresOriginator: boolean;
  /**
   * Section 7: a refused request has no effect, so a rule is judged before it is stored. The
   * refusal this gives for a rule already stored (none, when the implementation is right).
   */
  readonly refusalAfterStoring: (rule: PositivePayRule) => Error | undefined;
  /** Sections 2.5 and 7: a check rule without checkNumber is refused. */
  readonly requiresCheckNumber: boolean;
  /** Conventions and 2.5: an amount is a non-negative integer number of cents; anything else is refused. */
  readonly readCents: (resource: ResourceObject, name: string) => number | undefined;
  /** Conventions and 2.4: an expirationDate is an RFC 3339 full date of a calendar day; anything else is refused. */
  readonly readDate: (resource: ResourceObject, name: string) => string | undefined;
  /** Sections 2.4 and 4.2: a data.type other than the four rule types is refused, never taken for one. */
  readonly unknownRuleTypeTakenAs: RuleType | undefined;
  /** Sections 3.1 and 4.2: a new drawdown rule is AwaitingDocuments until its document arrives. */
  readonly newDrawdownStatus: RuleStatus;
  /** Sections 2.2 and 7: a policy without optInTypes is refused. */
  readonly policyRequiresOptInTypes: boolean;
  /** Sections 2.2 and 2.3: an opt-in array holds the three payment types only; any other element refuses the request. */
  readonly readOptIn: (resource: ResourceObject, name: string) => PaymentType[];
  /** Sections 4.2 and 8: without page[limit] a page holds 100 rules. */
  readonly defaultPageLimit: number;
  /** Sections 4.2 and 8: without page[offset] the list starts at offset 0. */
  readonly defaultOffset: number;
  /** Section 4.2: without sort the list is newest first (-createdAt). */
  readonly descendingByDefault: boolean;
  /** Section 4.2: sort empty or createdAt is oldest first, -createdAt newest first. */
  readonly honoursSort: boolean;
  /** Section 4.2: the order of a sorted list (of rules sharing an instant: not shown). */
  readonly listOrder: (descending: boolean) => RuleComparator;
  /** Section 4.2: filter[status] keeps the rules of that status only. */
  readonly filtersByStatus: boolean;
  /** Section 4.2: filter[type] keeps the rules of that type only. */
  readonly filtersByType: boolean;
  /** Sections 4.2 and 8: page[offset]=k skips the first k matching rules. */
  readonly appliesOffset: boolean;
  /** Sections 4.2 and 8: a page holds at most page[limit] rules. */
  readonly rulesPerPage: (limit: number) => number;
  /** Section 4.2: the list's meta.pagination is {total, limit, offset}. */
  readonly listShowsTotal: boolean;
  /** Section 5.1: listing rules requires scope payments. */
  readonly listRequiresScope: boolean;
  /** Sections 3.1 and 4.2: cancel moves the rule to Cancelled. */
  readonly cancelMovesToCancelled: boolean;
  /** Sections 3.1, 4.2 and 6.3: cancelling a rule fires positivePay.cancelled (asked once per cancel that moves a rule). */
  readonly cancelPublishesEvent: (rule: PositivePayRule) => boolean;
  /** Sections 4.2 and 8: a document is image/png, image/jpeg or application/pdf; any other type is refused. */
  readonly acceptsDocumentType: (mediaType: string) => boolean;
  /** Section 8: a document is at most 20 MB (read as 20 × 1024 × 1024 bytes); one byte more is refused. */
  readonly maxDocumentBytes: number;
  /** Sections 3.1 and 4.2: documents are for wire drawdown rules only. */
  readonly documentsForDrawdownOnly: boolean;
  /** Sections 3.1 and 4.2: an accepted document moves the drawdown rule from AwaitingDocuments to Active. */
  readonly uploadActivates: boolean;
  /** Conventions and 9: every JSON response is served as application/vnd.api+json. */
  readonly servesJsonApiMediaType: boolean;
  /** Conventions and RFC 9110 8.4: an answer's body is coded only as its Content-Encoding says (here: never coded). */
  readonly codesAnswersUnlabelled: boolean;
}

export const correctPositivePay: PositivePayBehaviour = {
  rendersCreatedAt: true,
  timestampText: isoTimestamp,
  echoesTags: true,
  accountRelationshipType: 'depositAccount',
  requiresOriginator: true,
  refusalAfterStoring: () => undefined,
  requiresCheckNumber: true,
  readCents: optionalCents,
  readDate: optionalDate,
  unknownRuleTypeTakenAs: undefined,
  newDrawdownStatus: 'AwaitingDocuments',
  policyRequiresOptInTypes: true,
  readOptIn: (resource, name) => requireEnumArray(resource, name, PAYMENT_TYPES),
  defaultPageLimit: DEFAULT_PAGE_LIMIT,
  defaultOffset: 0,
  descendingByDefault: true,
  honoursSort: true,
  listOrder: creationOrder,
  filtersByStatus: true,
  filtersByType: true,
  appliesOffset: true,
  rulesPerPage: (limit) => limit,
  listShowsTotal: true,
  listRequiresScope: true,
  cancelMovesToCancelled: true,
  cancelPublishesEvent: () => true,
  acceptsDocumentType: (mediaType) => (DOCUMENT_MEDIA_TYPES as readonly string[]).includes(mediaType),
  maxDocumentBytes: DOCUMENT_MAX_BYTES,
  documentsForDrawdownOnly: true,
  uploadActivates: true,
  servesJsonApiMediaType: true,
  codesAnswersUnlabelled: false,
};
