// Media types of the API document, written once for the emulator and the harness.

/** Requests and responses use JSON:API's media type (Conventions, section 9). */
export const JSON_API = 'application/vnd.api+json';

/** A webhook's contentType (section 2.6) and the media type its deliveries carry. */
export const DELIVERY_MEDIA_TYPES = { Json: 'application/json', JsonAPI: JSON_API } as const;
