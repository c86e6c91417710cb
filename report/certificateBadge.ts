import type { CertificateStatement } from '../verdict/certification.ts';
import { html } from './html/htmlText.ts';

// certificate-badge.svg: a badge in the shields.io "flat" style (a grey label, a
// coloured value, 20 px high), drawn from the certificate's Statement alone: the
// verdict and the date it was issued. A README links it beside the certificate.

const LABEL = 'API conformance';
const COLOURS = { certified: '#4c1', refused: '#e05d44', label: '#555' } as const;

/** Verdana 11 px, the badge's font, in pixels per character: narrow, wide and the rest. */
function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[il.,:;|!' ]/.test(char) ? 3.5 : /[mwMW]/.test(char) ? 10 : /[A-Z]/.test(char) ? 7.5 : 6.6;
  return Math.round(width);
}

export interface BadgeText {
  label: string;
  value: string;
  colour: string;
}

export function badgeText(statement: CertificateStatement): BadgeText {
  const { certified, issuedAt } = statement.predicate;
  return {
    label: LABEL,
    value: `${certified ? 'certified' : 'not certified'} ${issuedAt.slice(0, 10)}`,
    colour: certified ? COLOURS.certified : COLOURS.refused,
  };
}

export function certificateBadge(statement: CertificateStatement): string {
  const { label, value, colour } = badgeText(statement);
  const left = textWidth(label) + 10;
  const right = textWidth(value) + 10;
  const width = left + right;
  const title = `${label}: ${value}`;
  const text = (x: number, content: string) =>
    `<text x="${x * 10}" y="150" fill="#010101" fill-opacity=".3" transform="scale(.1)" textLength="${textWidth(content) * 10}">${html(content)}</text>` +
    `<text x="${x * 10}" y="140" transform="scale(.1)" fill="#fff" textLength="${textWidth(content) * 10}">${html(content)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${html(title)}">`,
    `<title>${html(title)}</title>`,
    '<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>',
    `<clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>`,
    `<g clip-path="url(#r)"><rect width="${left}" height="20" fill="${COLOURS.label}"/><rect x="${left}" width="${right}" height="20" fill="${colour}"/><rect width="${width}" height="20" fill="url(#s)"/></g>`,
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" text-rendering="geometricPrecision" font-size="110">`,
    text(left / 2, label),
    text(left + right / 2, value),
    '</g></svg>',
    '',
  ].join('\n');
}
