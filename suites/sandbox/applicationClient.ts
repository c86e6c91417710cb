import type { ApiResponse } from '../../harness/apiClient.ts';
import type { ScenarioContext } from '../../harness/scenario.ts';
import { schemaRegistry } from '../../harness/schemaRegistry.ts';

// Applications and their document uploads: operations outside the documents
// (capability `applications`, shapes in docs/sandbox-simulation.md). A response
// that does not have the shape the suite relies on makes the scenario
// UNTESTABLE: it throws instead of judging.

export interface ApplicationView {
  id: string;
  type: string;
  status: string;
  createdAt: string;
  documents: Array<{ id: string; documentType: string; status: string }>;
  response: ApiResponse;
}

function expectShape(response: ApiResponse, schemaKey: string, what: string): void {
  const result = schemaRegistry().validate(schemaKey, response.body);
  if (!result.valid) {
    throw new Error(`${what} answered ${response.status} with a body that is not ${schemaKey}: ${result.violations.slice(0, 3).map((v) => v.message).join('; ')}`);
  }
}

function view(response: ApiResponse): ApplicationView {
  const data = response.body.data;
  const included: any[] = response.body.included ?? [];
  const documents = (data.relationships.documents.data as Array<{ id: string }>).map(({ id }) => {
    const document = included.find((item) => item.type === 'document' && item.id === id);
    return { id, documentType: String(document?.attributes?.documentType ?? ''), status: String(document?.attributes?.status ?? '') };
  });
  return { id: data.id, type: data.type, status: data.attributes.status, createdAt: data.attributes.createdAt, documents, response };
}

export async function createApplication(ctx: ScenarioContext, body: unknown): Promise<ApplicationView> {
  const response = await ctx.api.send('POST', '/applications', { body });
  if (response.status !== 201 && response.status !== 200) throw new Error(`POST /applications answered ${response.status}; an application is needed to go on`);
  expectShape(response, 'sandbox/application', 'POST /applications');
  return view(response);
}

export async function readApplication(ctx: ScenarioContext, id: string): Promise<ApplicationView> {
  const response = await ctx.api.send('GET', `/applications/${encodeURIComponent(id)}`);
  if (response.status !== 200) throw new Error(`GET /applications/${id} answered ${response.status}`);
  expectShape(response, 'sandbox/application', 'GET /applications/{id}');
  return view(response);
}

export async function uploadDocument(ctx: ScenarioContext, applicationId: string, documentId: string, side: 'front' | 'back', file: { bytes: Buffer; contentType: string }): Promise<ApiResponse> {
  const path = `/applications/${encodeURIComponent(applicationId)}/documents/${encodeURIComponent(documentId)}${side === 'back' ? '/back' : ''}`;
  const response = await ctx.api.send('PUT', path, { rawBody: file.bytes, contentType: file.contentType });
  if (response.status < 200 || response.status >= 300) throw new Error(`PUT ${path} answered ${response.status}; the document upload is needed to go on`);
  return response;
}

/** Sandbox approve/deny bodies (section 4.5). */
export const approveBody = (reason: string) => ({ data: { type: 'applicationApprove', attributes: { reason } } });
export const denyBody = (reason: string) => ({ data: { type: 'applicationDeny', attributes: { reason } } });
export const rejectBody = (reason: string, reasonCode: string) => ({ data: { type: 'documentReject', attributes: { reason, reasonCode } } });
