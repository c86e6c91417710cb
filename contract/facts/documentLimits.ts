// Section 8's limits on rule documents, which the emulator also applies to
// application documents (sandbox uploads), written once for both and the harness.

/** Section 8 "Rule document size 20 MB". */
export const DOCUMENT_SIZE_MB = 20;
/** "20 MB" read as 20 × 1024 × 1024 bytes: the reading the emulator enforces (docs/emulator.md). */
export const DOCUMENT_MAX_BYTES = DOCUMENT_SIZE_MB * 1024 * 1024;
/** "20 MB" read as 20 × 1000 × 1000 bytes: within the limit under either reading. */
export const DOCUMENT_MAX_BYTES_DECIMAL = DOCUMENT_SIZE_MB * 1000 * 1000;
/** Section 8 "Document content types". */
export const DOCUMENT_MEDIA_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
