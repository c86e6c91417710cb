/* eslint-disable @typescript-eslint/no-explicit-any -- JSON:API documents as the target sends them: read member by member, untyped by nature */
import { defineScenario, type Scenario, type ScenarioContext } from '../../harness/engine/scenario.ts';
import { applicationBody, documentFile } from '../shared/applicationBuilder.ts';
import { type ApplicationView, createApplication, rejectBody, uploadDocument } from '../shared/applicationClient.ts';
import { checkListedMembers, LISTED_MEMBERS_REQUIREMENT } from '../shared/catalogueChecks.ts';
import { allTypesPresent, eventShapeProblems, findEvents, relatedTo, sinceBefore } from '../shared/eventLookup.ts';

// API §4.5 and §6.3: approve, reject and download application documents. The
// applications come from the AwaitingDocuments triggers, so each has a document
// to act on; the uploads use the fixture files.

/** An application in AwaitingDocuments with its first required document, or undefined after recording UNTESTABLE. */
async function applicationWithDocument(
  ctx: ScenarioContext,
  ssn: string,
  ids: string[],
): Promise<{ application: ApplicationView; documentId: string } | undefined> {
  const application = await createApplication(ctx, applicationBody('individual', ctx.faker, { applicant: ssn }));
  const documentId = application.documents[0]?.id;
  if (documentId) return { application, documentId };
  for (const id of ids)
    ctx.check.untestable(
      id,
      `an application with SSN ${ssn} gave no required document (status ${application.status})`,
      application.response,
    );
  return undefined;
}

const downloadScenario = defineScenario({
  id: 'sandbox/documents/download-front-and-back',
  area: 'sandbox',
  requirements: ['SB-DOWNLOAD-FRONT', 'SB-DOWNLOAD-BACK', 'SB-DOWNLOAD-FORMAT'],
  needs: ['applications'],
  environments: ['sandbox'],
  async run(ctx) {
    const prepared = await applicationWithDocument(ctx, '000000002', this.requirements as string[]);
    if (!prepared) return;
    const params = { applicationId: prepared.application.id, documentId: prepared.documentId };
    const sides = [
      {
        side: 'front' as const,
        file: documentFile('document-front.png'),
        operation: 'sandbox.downloadDocument' as const,
        id: 'SB-DOWNLOAD-FRONT',
      },
      {
        side: 'back' as const,
        file: documentFile('document-back.pdf'),
        operation: 'sandbox.downloadDocumentBack' as const,
        id: 'SB-DOWNLOAD-BACK',
      },
    ];
    for (const { side, file } of sides) await uploadDocument(ctx, params.applicationId, params.documentId, side, file);
    const contentTypes: Record<string, string> = {};
    for (const { side, file, operation, id } of sides) {
      const response = await ctx.api.call(operation, { params });
      contentTypes[side] = response.headers['content-type'] ?? '(none)';
      const identical = response.status === 200 && Buffer.compare(response.rawBody, file.bytes) === 0;
      ctx.check.expect(
        id,
        identical,
        identical
          ? `download of the ${side} side returned the uploaded ${file.bytes.length} bytes`
          : `download of the ${side} side: expected the uploaded ${file.bytes.length} bytes (${file.contentType}); answered ${response.status} with ${response.rawBody.length} bytes${response.rawBody.length === file.bytes.length ? ' that differ' : ''}`,
        response,
      );
    }
    ctx.check.observe(
      'SB-DOWNLOAD-FORMAT',
      contentTypes,
      `downloads were served as front: ${contentTypes.front}, back: ${contentTypes.back} (uploaded ${sides.map(({ file }) => file.contentType).join(' and ')})`,
    );
  },
});

const approveDocumentScenario = defineScenario({
  id: 'sandbox/documents/approve',
  area: 'sandbox',
  requirements: ['SB-DOCUMENT-APPROVE-EVENT', LISTED_MEMBERS_REQUIREMENT, 'SB-REVIEW-RESPONSE'],
  needs: ['applications'],
  environments: ['sandbox'],
  async run(ctx) {
    const prepared = await applicationWithDocument(ctx, '000000003', this.requirements as string[]);
    if (!prepared) return;
    const { application, documentId } = prepared;
    await uploadDocument(ctx, application.id, documentId, 'front', documentFile('document-front.png'));
    const response = await ctx.api.call('sandbox.approveDocument', { params: { applicationId: application.id, documentId }, body: {} });
    ctx.check.observe(
      'SB-REVIEW-RESPONSE',
      { operation: 'approveDocument', status: response.status, dataType: response.body?.data?.type },
      `sandbox approve document answered ${response.status}`,
      response,
    );
    const found = await findEvents(ctx, ['document.approved'], sinceBefore(application.createdAt), (event) =>
      relatedTo(event, 'document', documentId),
    );
    const event = found.events[0];
    const problems = event === undefined ? [] : eventShapeProblems(event);
    ctx.check.expect(
      'SB-DOCUMENT-APPROVE-EVENT',
      event !== undefined && namesApplicationIfAny(event, application.id) && problems.length === 0,
      event === undefined
        ? `approving document ${documentId}: expected document.approved related to it; none found (operation answered ${response.status})`
        : `document.approved: expected it related to document ${documentId} (and application ${application.id} where it names one) and shaped as in the Event Catalog; relationships ${JSON.stringify(event.relationships)}${problems.length ? `; ${problems.join('; ')}` : ''}`,
      [response, ...found.responses],
    );
    if (event) checkListedMembers(ctx, event, 'document.approved', found.responses);
  },
});

const REJECT = { reason: 'The image is too blurred to read', reasonCode: 'PoorQuality' };

/** The catalogue lists an application relationship but makes no listed member mandatory: absent is a warning, another id a failure. */
const namesApplicationIfAny = (event: any, applicationId: string): boolean =>
  event?.relationships?.application === undefined || relatedTo(event, 'application', applicationId);

/** Absent is allowed here (EV-PAYLOAD-LISTED-MEMBERS judges that); present MUST be the given value. */
const givenIfPresent = (value: unknown, given: string): boolean => value === undefined || value === given;

const rejectDocumentScenario = defineScenario({
  id: 'sandbox/documents/reject',
  area: 'sandbox',
  requirements: ['SB-DOCUMENT-REJECT-EVENT', LISTED_MEMBERS_REQUIREMENT, 'SB-REJECT-REASON-CODES', 'SB-REVIEW-RESPONSE'],
  needs: ['applications'],
  environments: ['sandbox'],
  async run(ctx) {
    const prepared = await applicationWithDocument(ctx, '000000006', this.requirements as string[]);
    if (!prepared) return;
    const { application, documentId } = prepared;
    const params = { applicationId: application.id, documentId };
    await uploadDocument(ctx, application.id, documentId, 'front', documentFile('document-front.png'));
    const response = await ctx.api.call('sandbox.rejectDocument', { params, body: rejectBody(REJECT.reason, REJECT.reasonCode) });
    ctx.check.observe(
      'SB-REVIEW-RESPONSE',
      { operation: 'rejectDocument', status: response.status, dataType: response.body?.data?.type },
      `sandbox reject document answered ${response.status}`,
      response,
    );
    const found = await findEvents(
      ctx,
      ['document.rejected'],
      sinceBefore(application.createdAt),
      (event) => relatedTo(event, 'document', documentId),
      allTypesPresent(['document.rejected']),
    );
    const event = found.events[0];
    const attributes = event?.attributes ?? {};
    const problems = event === undefined ? [] : eventShapeProblems(event);
    const holds =
      event !== undefined &&
      namesApplicationIfAny(event, application.id) &&
      problems.length === 0 &&
      givenIfPresent(attributes.reason, REJECT.reason) &&
      givenIfPresent(attributes.reasonCode, REJECT.reasonCode);
    ctx.check.expect(
      'SB-DOCUMENT-REJECT-EVENT',
      holds,
      event === undefined
        ? `rejecting document ${documentId}: expected document.rejected; none found (operation answered ${response.status})`
        : `document.rejected: expected it related to the document, carrying the reason and reasonCode ${REJECT.reasonCode} given (where it carries them), related to application ${application.id} (where it names one); got attributes ${JSON.stringify({ reason: attributes.reason, reasonCode: attributes.reasonCode })}, relationships ${JSON.stringify(event.relationships)}${problems.length ? `; ${problems.join('; ')}` : ''}`,
      [response, ...found.responses],
    );
    if (event) checkListedMembers(ctx, event, 'document.rejected', found.responses);

    const other = await ctx.api.call('sandbox.rejectDocument', { params, body: rejectBody('Not the requested document', 'WrongDocument') });
    ctx.check.observe(
      'SB-REJECT-REASON-CODES',
      { reasonCode: 'WrongDocument', status: other.status },
      `reject with reasonCode WrongDocument (not named by the documents) answered ${other.status}`,
      other,
    );
  },
});

export const documentScenarios: Scenario[] = [downloadScenario, approveDocumentScenario, rejectDocumentScenario];
