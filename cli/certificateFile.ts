import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Certificate } from '../run/certification.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';

export function writeCertificate(dir: string, certificate: Certificate, redactor: SecretRedactor): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'certificate.json');
  writeFileSync(path, `${redactor.text(JSON.stringify(certificate, null, 2))}\n`);
  return path;
}
