// Application statuses of the API document, written once for the emulator (a
// product of its own) and the suites alike.

/** Sections 3.3, 4.5: sandbox approve and deny act on an application in these statuses only. */
export const REVIEWABLE_STATUSES = ['PendingReview', 'AwaitingDocuments'] as const;
