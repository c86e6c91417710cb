import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CONTROL_PREFIX, CONTROL_ROUTES } from '../../contract/facts/controlRoutes.ts';
import { addControlRoute } from '../core/controlRouteList.ts';
import { eventTypes } from '../events/eventTypeCatalogue.ts';

// GET /_emulator/ui: one static page, its style and script written into it once
// from the files beside this one (no build step, nothing fetched but
// the emulator's own routes). The Content-Security-Policy allows exactly that
// style and script, by hash, and connections only to the emulator itself.

/** The emulator's image bundle carries these files beside its one module (container/emulatorImage.ts). */
const read = (file: 'ui.html' | 'ui.css' | 'ui.js'): string => readFileSync(join(import.meta.dirname, file), 'utf8');
const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
/** Inside a <script> element, `<` could close it: JSON allows it escaped. */
const scriptSafeJson = (value: unknown): string => JSON.stringify(value).replaceAll('<', '\\u003c');

/** The control routes the page calls, whole: the script writes no path of its own. */
const CONTROL_PATHS = Object.fromEntries(
  (['mintToken', 'readClock', 'readDeliveries'] as const).map((name) => [name, `${CONTROL_PREFIX}${CONTROL_ROUTES[name].path}`]),
);

export interface UiPage {
  html: string;
  contentSecurityPolicy: string;
}

export function uiPage(): UiPage {
  const template = read('ui.html');
  const style = `\n${read('ui.css')}`;
  const script = `\n${read('ui.js')}`;
  const data = scriptSafeJson({ controlPaths: CONTROL_PATHS, eventTypes: [...eventTypes().keys()].sort() });
  // Each placeholder with the blank around it, so the element holds exactly what is hashed.
  const html = template
    .replace(/\s*\/\*STYLE\*\/\s*/, () => style)
    .replace(/\s*\/\*SCRIPT\*\/\s*/, () => script)
    .replace(/\s*\/\*DATA\*\/\s*/, () => data);
  const contentSecurityPolicy = [
    "default-src 'none'",
    "connect-src 'self'",
    `style-src ${sha256(style)}`,
    `script-src ${sha256(script)}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, contentSecurityPolicy };
}

/** Read on the first request and kept for the process: an emulator that is never asked for the page reads nothing. */
let page: UiPage | undefined;

export function registerUiRoute(app: FastifyInstance): void {
  addControlRoute(app, CONTROL_ROUTES.ui, async (_request, reply) => {
    page ??= uiPage();
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', page.contentSecurityPolicy)
      .header('cache-control', 'no-store')
      .send(page.html);
  });
}
