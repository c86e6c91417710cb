// Text and attribute values for XML 1.0: markup characters escaped, and the
// characters XML cannot carry at all (most controls, lone surrogates) replaced,
// since evidence holds whatever bytes the target sent.

const NOT_IN_XML =
  // eslint-disable-next-line no-control-regex -- these control characters are exactly what XML 1.0 cannot carry
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlText(value: string): string {
  return value
    .replace(NOT_IN_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
