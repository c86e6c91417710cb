import { describe, expect, test } from 'vitest';
import { parseDeliveryPayload } from '../../../contract/catalogue/deliveryPayload.ts';
import type { SinkDelivery } from '../../../harness/targetIO/webhookSink.ts';
import { contrastFormats } from '../../../suites/delivery/contentTypeContrast.ts';

// DL-CONTENT-TYPE-SELECTS-FORMAT (6.1 list item 2): a Json and a JsonAPI webhook
// must get the same events as different payloads. Either difference is enough —
// the media type alone, or the body's structure alone — and what a vendor adds to
// both, or how it cuts batches, is no difference and no sameness either.

const JSON_TYPE = 'application/json';
const API_TYPE = 'application/vnd.api+json';

const event = (id: string, type = 'account.created') => ({
  id,
  type,
  attributes: { createdAt: '2024-01-01T00:00:00.000Z' },
  relationships: { account: { data: { type: 'depositAccount', id: `a-${id}` } } },
});

/** Only what the contrast reads of a delivery: its Content-Type, its body and the parsed payload. */
function delivery(contentType: string, body: unknown): SinkDelivery {
  const rawBody = Buffer.from(JSON.stringify(body), 'utf8');
  return {
    headers: { 'content-type': contentType },
    rawBody,
    payload: parseDeliveryPayload(rawBody),
  } as Partial<SinkDelivery> as SinkDelivery;
}

describe('contrastFormats', () => {
  test('the same body under the same media type is no difference', () => {
    const body = { data: [event('1')] };
    expect(contrastFormats([delivery(API_TYPE, body)], [delivery(API_TYPE, body)])).toMatchObject({ compared: 1, differing: 0 });
  });

  test('a different media type alone is a difference', () => {
    const body = { data: [event('1')] };
    expect(contrastFormats([delivery(JSON_TYPE, body)], [delivery(API_TYPE, body)])).toMatchObject({
      compared: 1,
      differing: 1,
      differentMediaType: 1,
      differentBody: 0,
    });
  });

  test('a different envelope alone is a difference, and so is a different event layout', () => {
    const apiBody = { data: [event('1')] };
    const contrast = contrastFormats(
      [delivery(API_TYPE, [event('1')]), delivery(API_TYPE, { data: [{ id: '2', type: 'account.created', createdAt: 'x' }] })],
      [delivery(API_TYPE, apiBody), delivery(API_TYPE, { data: [event('2')] })],
    );
    expect(contrast).toMatchObject({ compared: 2, differing: 2, differentMediaType: 0, differentBody: 2 });
  });

  test('values, member order and what both receive extra are no difference', () => {
    const json = { meta: { vendor: 'x' }, data: [event('1'), { ...event('9', 'vendorNotice.created'), relationships: {} }] };
    const api = {
      data: [
        { ...event('9', 'vendorNotice.created'), relationships: {} },
        { ...event('1'), id: '1' },
      ],
      meta: { vendor: 'y' },
    };
    expect(contrastFormats([delivery(API_TYPE, json)], [delivery(API_TYPE, api)])).toMatchObject({ compared: 1, differing: 0 });
  });

  test('deliveries of different events are not compared', () => {
    const contrast = contrastFormats(
      [delivery(JSON_TYPE, { data: [event('1'), event('2')] })],
      [delivery(API_TYPE, { data: [event('1')] })],
    );
    expect(contrast.compared).toBe(0);
  });

  test('a charset parameter alone is no difference', () => {
    const body = { data: [event('1')] };
    expect(contrastFormats([delivery(`${API_TYPE}; charset=utf-8`, body)], [delivery(API_TYPE, body)])).toMatchObject({
      compared: 1,
      differing: 0,
    });
  });

  test('two batches of the same ids are set aside, whatever their media types', () => {
    const contrast = contrastFormats([delivery(JSON_TYPE, { data: ['1', '2'] })], [delivery(API_TYPE, { data: ['2', '1'] })]);
    expect(contrast).toMatchObject({ compared: 0, idOnlyAlike: 1, differing: 0 });
  });

  test('two batches of ids shaped differently are a difference', () => {
    const contrast = contrastFormats([delivery(API_TYPE, { data: ['1'] })], [delivery(API_TYPE, { events: ['1'] })]);
    expect(contrast).toMatchObject({ compared: 1, differing: 1, differentBody: 1 });
  });

  test('a batch listing ids is compared with one carrying the events', () => {
    const contrast = contrastFormats([delivery(API_TYPE, { data: ['1', '2'] })], [delivery(API_TYPE, { data: [event('2'), event('1')] })]);
    expect(contrast).toMatchObject({ compared: 1, differing: 1, differentBody: 1 });
  });
});
