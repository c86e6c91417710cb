import type { EmulatorState } from '../core/emulatorState.ts';
import type { ApplicationInput } from './applicationInput.ts';
import { type ApplicationOutcome, DEFAULT_OUTCOME } from './applicationOutcome.ts';
import {
  applicationRef,
  customerRef,
  customerType,
  documentRef,
  renderApplication,
  renderCustomer,
  renderDocument,
} from './applicationResources.ts';
import type { SandboxBehaviour } from './sandboxBehaviour.ts';
import type { Application, ApplicationDocument, ApplicationStatus, SandboxStore } from './sandboxRecords.ts';

// Application state changes and the events they fire (Event Catalog:
// Applications and documents; API sections 3.3, 6.3). Each event carries the
// full resource in `included` for webhooks with includeResources (6.1 rule 3).

export class ApplicationLifecycle {
  constructor(
    private readonly state: EmulatorState,
    private readonly store: SandboxStore,
    private readonly behaviour: SandboxBehaviour,
  ) {}

  /** Section 4.5's triggers are the sandbox's: in live they decide only where the behaviour keeps them (triggersInLive). */
  outcomeOf(input: ApplicationInput): ApplicationOutcome {
    const triggered = this.state.environment === 'sandbox' || this.behaviour.triggersInLive;
    return triggered ? this.behaviour.applicationOutcome(input) : DEFAULT_OUTCOME;
  }

  create(input: ApplicationInput, outcome: ApplicationOutcome): Application {
    const application: Application = {
      id: this.state.ids.next('application'),
      kind: input.kind,
      createdAt: this.state.clock.stamp(),
      status: outcome.status,
      applicant: input.applicant,
      tags: input.tags,
      documentIds: [],
    };
    this.store.applications.set(application.id, application);
    for (const required of outcome.requiredDocuments) {
      const document: ApplicationDocument = {
        id: this.state.ids.next('document'),
        applicationId: application.id,
        status: 'Required',
        ...required,
      };
      this.store.documents.set(document.id, document);
      application.documentIds.push(document.id);
    }
    this.publish('application.created', application);
    this.enter(application, outcome.status);
    const later = this.behaviour.movesByItself(application.status, this.state.environment);
    if (later) application.movesByItselfTo = later;
    return application;
  }

  /** A move the application makes on its own (behaviour.movesByItself), done by the time it is next read. */
  settle(application: Application): void {
    const later = application.movesByItselfTo;
    if (!later) return;
    delete application.movesByItselfTo;
    this.enter(application, later);
  }

  /** Puts the application in `status`, firing that status's event (Event Catalog: Applications and documents). */
  private enter(application: Application, status: ApplicationStatus): void {
    if (status === 'Approved') this.approve(application);
    else if (status === 'Denied') this.deny(application);
    else if (status === 'PendingReview') {
      application.status = status;
      if (this.behaviour.pendingReviewFires) this.publish('application.pendingReview', application);
    } else {
      application.status = status;
      this.publish('application.awaitingDocuments', application);
    }
  }

  /** Approval creates the customer (section 3.3: customer.created fires). */
  approve(application: Application): void {
    application.status = 'Approved';
    const customer = {
      id: this.state.ids.next('customer'),
      type: customerType(application),
      applicationId: application.id,
      createdAt: this.state.clock.stamp(),
      attributes: { ...application.applicant, tags: application.tags },
    };
    this.store.customers.set(customer.id, customer);
    application.customerId = customer.id;
    this.state.events.publish({
      type: 'application.approved',
      attributes: { tags: application.tags },
      relationships: { application: applicationRef(application), customer: customerRef(customer) },
      included: [renderApplication(application)],
    });
    if (!this.behaviour.customerCreatedOnApproval) return;
    this.state.events.publish({
      type: 'customer.created',
      attributes: { tags: application.tags },
      relationships: { customer: customerRef(customer), application: applicationRef(application) },
      included: [renderCustomer(customer)],
    });
  }

  deny(application: Application): void {
    application.status = 'Denied';
    this.announceDenied(application);
  }

  /** application.denied for the application as it stands (a seeded fault fires it for a refused deny). */
  announceDenied(application: Application): void {
    this.publish('application.denied', application);
  }

  approveDocument(application: Application, document: ApplicationDocument): void {
    document.status = 'Approved';
    delete document.reason;
    delete document.reasonCode;
    this.state.events.publish({
      type: 'document.approved',
      attributes: { tags: application.tags },
      relationships: { document: documentRef(document), application: applicationRef(application) },
      included: [renderDocument(document, application)],
    });
  }

  rejectDocument(application: Application, document: ApplicationDocument, reason: string, reasonCode: string): void {
    document.status = 'Rejected';
    document.reason = reason;
    document.reasonCode = reasonCode;
    this.state.events.publish({
      type: 'document.rejected',
      attributes: this.behaviour.documentRejectedAttributes(reason, reasonCode, application.tags),
      relationships: { document: documentRef(document), application: applicationRef(application) },
      included: [renderDocument(document, application)],
    });
  }

  private publish(type: string, application: Application): void {
    this.state.events.publish({
      type,
      attributes: { tags: application.tags },
      relationships: { application: applicationRef(application) },
      included: [renderApplication(application)],
    });
  }
}
