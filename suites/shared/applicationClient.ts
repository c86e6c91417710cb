/* eslint-disable @typescript-eslint/no-explicit-any -- JSON:API documents as the target sends them: read member by member, untyped by nature */
import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';

// Applications and their document uploads: operations outside the documents
// (capability `applications`, shapes in docs/sandbox-simulation.md). A response
// without the members the suite reads (id, type, status) makes the scenario
// UNTESTABLE: it throws instead of judging. A member it does not read that
// deviates is no reason to stop.

export interface ApplicationView {
  id: string;
  type: string;
  status: string;
  createdAt: string;
  /** The customer the application made, where it names one (relationship customer). */
  customerId?: string;
  documents: Array<{ id: string; documentType: string; status: string }>;
  response: ApiResponse;
}

function expectReadable(response: ApiResponse, schemaKey: string, what: string): void {
  const data = response.body?.data;
  const readable = typeof data?.id === 'string' && typeof data?.type === 'string' && typeof data?.attributes?.status === 'string';
  if (!readable) {
    const result = schemaRegistry().validate(schemaKey, response.body);
    throw new Error(
      `${what} answered ${response.status} with a body that is not ${schemaKey}: ${result.violations
        .slice(0, 3)
        .map((v) => v.message)
        .join('; ')}`,
    );
  }
}

/** Without a createdAt of the target's, events are looked for from well before the request (clocks may differ). */
const CLOCK_MARGIN_MS = 5 * 60 * 1000;

function view(response: ApiResponse, sentAt: number): ApplicationView {
  const data = response.body.data;
  const included: any[] = response.body.included ?? [];
  // An application without a documents relationship requires none (the relationship is the emulator's shape, not the documents').
  const related: Array<{ id: string }> = data.relationships?.documents?.data ?? [];
  const documents = related.map(({ id }) => {
    const document = included.find((item) => item.type === 'document' && item.id === id);
    return { id, documentType: String(document?.attributes?.documentType ?? ''), status: String(document?.attributes?.status ?? '') };
  });
  const createdAt = data.attributes.createdAt ?? new Date(sentAt - CLOCK_MARGIN_MS).toISOString();
  const customerId = data.relationships?.customer?.data?.id;
  return {
    id: data.id,
    type: data.type,
    status: data.attributes.status,
    createdAt,
    documents,
    response,
    ...(typeof customerId === 'string' ? { customerId } : {}),
  };
}

export async function createApplication(ctx: ScenarioContext, body: unknown): Promise<ApplicationView> {
  const sentAt = Date.now();
  const response = await ctx.api.send('POST', '/applications', { body });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`POST /applications answered ${response.status}; an application is needed to go on`);
  expectReadable(response, 'sandbox/application', 'POST /applications');
  return view(response, sentAt);
}

export async function readApplication(ctx: ScenarioContext, id: string): Promise<ApplicationView> {
  const sentAt = Date.now();
  const response = await ctx.api.send('GET', `/applications/${encodeURIComponent(id)}`);
  if (response.status !== 200) throw new Error(`GET /applications/${id} answered ${response.status}`);
  expectReadable(response, 'sandbox/application', 'GET /applications/{id}');
  return view(response, sentAt);
}

export async function uploadDocument(
  ctx: ScenarioContext,
  applicationId: string,
  documentId: string,
  side: 'front' | 'back',
  file: { bytes: Buffer; contentType: string },
): Promise<ApiResponse> {
  const path = `/applications/${encodeURIComponent(applicationId)}/documents/${encodeURIComponent(documentId)}${side === 'back' ? '/back' : ''}`;
  const response = await ctx.api.send('PUT', path, { rawBody: file.bytes, contentType: file.contentType });
  if (response.status < 200 || response.status >= 300)
    throw new Error(`PUT ${path} answered ${response.status}; the document upload is needed to go on`);
  return response;
}

/** Sandbox approve/deny bodies (section 4.5). */
export const approveBody = (reason: string) => ({ data: { type: 'applicationApprove', attributes: { reason } } });
export const denyBody = (reason: string) => ({ data: { type: 'applicationDeny', attributes: { reason } } });
export const rejectBody = (reason: string, reasonCode: string) => ({
  data: { type: 'documentReject', attributes: { reason, reasonCode } },
});
