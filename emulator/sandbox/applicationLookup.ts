import { notFound } from '../core/jsonApi.ts';
import type { Application, ApplicationDocument, SandboxStore } from './sandboxRecords.ts';

// Finding an application and one of its documents, or a 404 naming what is missing.

export function findApplication(store: SandboxStore, id: string): Application {
  const application = store.applications.get(id);
  if (!application) throw notFound('application', id);
  return application;
}

export function findDocument(store: SandboxStore, application: Application, id: string): ApplicationDocument {
  const document = store.documents.get(id);
  if (!document || document.applicationId !== application.id) throw notFound(`document of application ${application.id}`, id);
  return document;
}
