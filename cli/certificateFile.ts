import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Certificate } from '../harness/certification.ts';
import { secretRedactor } from '../harness/secretRedactor.ts';

export function writeCertificate(dir: string, certificate: Certificate): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'certificate.json');
  writeFileSync(path, `${secretRedactor.text(JSON.stringify(certificate, null, 2))}\n`);
  return path;
}
