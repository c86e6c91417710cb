// Application document uploads follow the limits the documents give for rule
// documents (section 8): the same three content types and 20 MB.
export const DOCUMENT_CONTENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export const DOCUMENT_SIZE_LIMIT = 20 * 1024 * 1024;
