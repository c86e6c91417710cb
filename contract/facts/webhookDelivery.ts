// Facts of webhook delivery from the API document, written once for the emulator
// (which delivers) and the harness and suites (which receive and judge).

/** Section 5.3: a delivery to a webhook with a non-empty token carries this header. */
export const SIGNATURE_HEADER = 'X-Service-Signature';

/** Sections 6.1 and 8: at most this many events per AtLeastOnce batch. */
export const AT_LEAST_ONCE_BATCH_SIZE = 64;
