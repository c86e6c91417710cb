import type { RequestOptions } from '../../harness/targetIO/apiClient.ts';
import type { OperationName } from '../../contract/catalogue/operationCatalogue.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import { REVIEWABLE_STATUSES } from '../../contract/facts/applicationStatuses.ts';
import { applicationBody, documentFile } from './applicationBuilder.ts';
import {
  type ApplicationView,
  approveBody,
  createApplication,
  denyBody,
  readApplication,
  rejectBody,
  uploadDocument,
} from './applicationClient.ts';
import { relatedTo, sinceBefore, watchForEvents } from './eventLookup.ts';

// A probe that must be refused is sent at a resource the run made itself, so a
// target that ignores the credential (or the environment) acts on it and the
// check can fail; an id the target never issued is answered 404 either way.
// The auth probes (every environment) and SB-LIVE-ABSENT (live) share the
// sandbox operations' preparations here. The SSN triggers that put the run's
// application where an operation acts are the sandbox's (API 4.5): in live they
// may be ordinary numbers, so there the application is taken in whatever state
// the target puts it, and a probe it cannot make SKIPs saying so.

/**
 * What a refused probe may have changed, read after it. Only a change the refused operation
 * would make is its effect; the target may move its resources on its own meanwhile (3.2's
 * Unavailable, 3.3's "other application transitions are outside this document"), and such a
 * move is reported beside the verdict, never held against it.
 */
export interface ProbeChange {
  /** What changed as the operation would change it (a status it sets, an event it fires). */
  effect?: string;
  /** What changed in a way the operation never would: a transition the target made by itself. */
  byItself?: string;
}

export interface PreparedProbe {
  options: RequestOptions;
  /** What changed since the probe was prepared, told apart into the operation's effect and the target's own moves. */
  changed?: () => Promise<ProbeChange>;
  /**
   * Why a refusal would show nothing: the resource is in a state where the operation would not
   * act even where it exists. Only a success or a change is judged then; a refusal SKIPs with this.
   */
  refusalShowsNothing?: string;
}

/** The run cannot make the resource the probe needs here: the probe SKIPs with this reason. */
export interface UnavailableProbe {
  unavailable: string;
}

export type ProbePreparation = PreparedProbe | UnavailableProbe;

export const isUnavailable = <Made extends object>(prepared: Made | UnavailableProbe): prepared is UnavailableProbe =>
  'unavailable' in prepared;

const NEEDS_APPLICATIONS =
  'the target does not claim capability applications, so the run cannot make an application of its own to probe with (an id it never issued would be answered 404 whatever the credentials)';

/** SSN 000000004 puts an individual application in PendingReview (API 4.5), where approve and deny act. */
const PENDING_REVIEW_SSN = '000000004';
/** SSN 000000002 puts it in AwaitingDocuments with an address verification document to act on (API 4.5). */
const AWAITING_DOCUMENT_SSN = '000000002';

const probeReason = 'conformance auth probe';

/** Section 4.5's triggers are the sandbox's: there a trigger not honoured is the target's failure, in live it is no failure at all. */
const triggersDocumented = (ctx: ScenarioContext): boolean => ctx.target.environment === 'sandbox';
const LIVE_TRIGGERS = 'in live the SSN triggers of 4.5 may be ordinary numbers';

interface ReviewApplication {
  application: ApplicationView;
  refusalShowsNothing?: string;
}

async function reviewApplication(ctx: ScenarioContext): Promise<ReviewApplication> {
  const application = await createApplication(ctx, applicationBody('individual', ctx.faker, { applicant: PENDING_REVIEW_SSN }));
  if ((REVIEWABLE_STATUSES as readonly string[]).includes(application.status)) return { application };
  const state = `application ${application.id} (SSN ${PENDING_REVIEW_SSN}) is ${application.status}, and approve and deny act only in PendingReview or AwaitingDocuments (3.3)`;
  if (triggersDocumented(ctx)) throw new Error(`${state}, so a refused approve or deny could not be told from a wrong-state refusal`);
  return { application, refusalShowsNothing: `${state}, so a refusal shows nothing (${LIVE_TRIGGERS})` };
}

async function applicationWithDocument(
  ctx: ScenarioContext,
): Promise<{ application: ApplicationView; documentId: string } | UnavailableProbe> {
  const application = await createApplication(ctx, applicationBody('individual', ctx.faker, { applicant: AWAITING_DOCUMENT_SSN }));
  const documentId = application.documents[0]?.id;
  if (documentId) return { application, documentId };
  const state = `application ${application.id} (SSN ${AWAITING_DOCUMENT_SSN}) is ${application.status} and names no document`;
  if (triggersDocumented(ctx)) throw new Error(`${state} to probe with`);
  return { unavailable: `${state}, so the run has no document of its own to probe with (${LIVE_TRIGGERS})` };
}

/** A state read before and after a probe: the operation's effect when it reached a value the operation sets. */
export function stateChange(subject: string, before: unknown, after: unknown, setByOperation: (value: unknown) => boolean): ProbeChange {
  if (JSON.stringify(after) === JSON.stringify(before)) return {};
  const change = `${subject} is now ${JSON.stringify(after)}, was ${JSON.stringify(before)}`;
  return setByOperation(after) ? { effect: change } : { byItself: change };
}

/** Several changes as one: each part keeps its kind. */
export function joinChanges(changes: readonly ProbeChange[]): ProbeChange {
  const join = (parts: Array<string | undefined>) => parts.filter((part): part is string => part !== undefined).join('; ') || undefined;
  const effect = join(changes.map((change) => change.effect));
  const byItself = join(changes.map((change) => change.byItself));
  return { ...(effect ? { effect } : {}), ...(byItself ? { byItself } : {}) };
}

/** How a check message tells of a change the target made by itself, which is not the probe's effect. */
export const movedByItself = (change: ProbeChange | undefined, operation: string): string =>
  change?.byItself ? `; meanwhile ${change.byItself}, which ${operation} does not do, so not its effect` : '';

const sameStatus = (value: unknown, status: string) => typeof value === 'string' && value.toLowerCase() === status.toLowerCase();

/** What an application operation would do if it acted (3.3, 4.5, 6.3): the status it sets and the events it fires. */
interface OperationEffect {
  /** The application status the operation sets; for a document operation, the document's. */
  status: string;
  on: 'application' | 'document';
  events: string[];
}

/**
 * What the probe may have changed: the application's status, its documents' statuses and the
 * events naming the application. Only the status `effect` names (of the application, or of the
 * probed document) and its events are the operation's effect.
 */
const applicationChange =
  (ctx: ScenarioContext, before: ApplicationView, effect: OperationEffect, documentId?: string) => async (): Promise<ProbeChange> => {
    const after = await readApplication(ctx, before.id);
    const changes: ProbeChange[] = [
      stateChange(
        `application ${before.id} status`,
        before.status,
        after.status,
        (value) => effect.on === 'application' && sameStatus(value, effect.status),
      ),
    ];
    for (const document of before.documents) {
      const now = after.documents.find((other) => other.id === document.id);
      if (now)
        changes.push(
          stateChange(`document ${document.id} status`, document.status, now.status, (value) =>
            effect.on === 'document' && document.id === documentId ? sameStatus(value, effect.status) : false,
          ),
        );
    }
    // A resource already where the operation would put it fired those events when it got there (e.g. approved at creation).
    const probed = effect.on === 'application' ? before.status : before.documents.find((document) => document.id === documentId)?.status;
    if (!sameStatus(probed, effect.status)) {
      // Read patiently: an event a wrongly accepted call publishes a moment late is still its effect.
      const fired = await watchForEvents(
        ctx,
        effect.events,
        sinceBefore(before.createdAt),
        (event) => relatedTo(event, 'application', before.id) || (documentId !== undefined && relatedTo(event, 'document', documentId)),
      );
      if (fired.length > 0) changes.push({ effect: `${fired.map((event) => `${event.type} ${event.id}`).join(', ')} fired` });
    }
    return joinChanges(changes);
  };

const EFFECTS = {
  approve: { status: 'approved', on: 'application', events: ['customer.created', 'application.approved'] },
  deny: { status: 'Denied', on: 'application', events: ['application.denied'] },
  approveDocument: { status: 'Approved', on: 'document', events: ['document.approved'] },
  rejectDocument: { status: 'Rejected', on: 'document', events: ['document.rejected'] },
} as const satisfies Record<string, OperationEffect>;

async function reviewProbe(ctx: ScenarioContext, body: unknown, effect: OperationEffect): Promise<PreparedProbe> {
  const { application, refusalShowsNothing } = await reviewApplication(ctx);
  return {
    options: { params: { applicationId: application.id }, body },
    changed: applicationChange(ctx, application, effect),
    ...(refusalShowsNothing ? { refusalShowsNothing } : {}),
  };
}

async function documentProbe(ctx: ScenarioContext, body: unknown, effect: OperationEffect): Promise<ProbePreparation> {
  const prepared = await applicationWithDocument(ctx);
  if (isUnavailable(prepared)) return prepared;
  const { application, documentId } = prepared;
  return {
    options: { params: { applicationId: application.id, documentId }, body },
    changed: applicationChange(ctx, application, effect, documentId),
  };
}

/** A download answers the file only once one was uploaded: without the upload a refusal shows nothing. */
async function downloadProbe(ctx: ScenarioContext, side: 'front' | 'back'): Promise<ProbePreparation> {
  const prepared = await applicationWithDocument(ctx);
  if (isUnavailable(prepared)) return prepared;
  const { application, documentId } = prepared;
  const file = documentFile(side === 'front' ? 'document-front.png' : 'document-back.pdf');
  await uploadDocument(ctx, application.id, documentId, side, file);
  return { options: { params: { applicationId: application.id, documentId } } };
}

type SandboxOperation =
  | 'sandbox.approveApplication'
  | 'sandbox.denyApplication'
  | 'sandbox.approveDocument'
  | 'sandbox.rejectDocument'
  | 'sandbox.downloadDocument'
  | 'sandbox.downloadDocumentBack';

const SANDBOX_PREPARATIONS: Record<SandboxOperation, (ctx: ScenarioContext) => Promise<ProbePreparation>> = {
  'sandbox.approveApplication': (ctx) => reviewProbe(ctx, approveBody(probeReason), EFFECTS.approve),
  'sandbox.denyApplication': (ctx) => reviewProbe(ctx, denyBody(probeReason), EFFECTS.deny),
  'sandbox.approveDocument': (ctx) => documentProbe(ctx, {}, EFFECTS.approveDocument),
  'sandbox.rejectDocument': (ctx) => documentProbe(ctx, rejectBody(probeReason, 'PoorQuality'), EFFECTS.rejectDocument),
  'sandbox.downloadDocument': (ctx) => downloadProbe(ctx, 'front'),
  'sandbox.downloadDocumentBack': (ctx) => downloadProbe(ctx, 'back'),
};

export const isSandboxOperation = (name: OperationName): name is SandboxOperation => name in SANDBOX_PREPARATIONS;

/** A sandbox operation's request at an application (and document) of the run's own; SKIPs without capability applications. */
export async function prepareSandboxProbe(ctx: ScenarioContext, operation: SandboxOperation): Promise<ProbePreparation> {
  if (!ctx.target.capabilities.has('applications')) return { unavailable: NEEDS_APPLICATIONS };
  return SANDBOX_PREPARATIONS[operation](ctx);
}
