import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { SetupError } from '../harness/records/setupError.ts';

// The certificate's signature: a DSSE envelope (github.com/secure-systems-lab/dsse,
// protocol v1) over the in-toto Statement, signed with Ed25519 through node:crypto.
// The signature covers PAE(payloadType, payload), never the bytes alone, so a
// payload cannot be passed off as another type's. The signing key is read once,
// before a run starts; neither it nor any part of its file reaches a message.

export const IN_TOTO_PAYLOAD_TYPE = 'application/vnd.in-toto+json';
/** The environment variable that may name the signing key file instead of --signing-key. */
export const SIGNING_KEY_ENV = 'BANKING_CONFORMANCE_SIGNING_KEY';

export interface DsseSignature {
  /** Lowercase hex SHA-256 of the public key's DER (SubjectPublicKeyInfo): which key signed, a hint only. */
  keyid: string;
  /** Base64 of the Ed25519 signature over PAE(payloadType, payload). */
  sig: string;
}

export interface DsseEnvelope {
  /** Base64 of the serialized Statement. */
  payload: string;
  payloadType: string;
  signatures: DsseSignature[];
}

/** DSSE's pre-authentication encoding: "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body, lengths in bytes, in ASCII decimal. */
export function preAuthEncoding(payloadType: string, payload: Buffer): Buffer {
  const type = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([Buffer.from(`DSSEv1 ${type.length} `, 'utf8'), type, Buffer.from(` ${payload.length} `, 'utf8'), payload]);
}

export function keyIdOf(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

export function signEnvelope(payload: Buffer, payloadType: string, privateKey: KeyObject): DsseEnvelope {
  const signature = sign(null, preAuthEncoding(payloadType, payload), privateKey);
  return {
    payload: payload.toString('base64'),
    payloadType,
    signatures: [{ keyid: keyIdOf(privateKey), sig: signature.toString('base64') }],
  };
}

export type SignatureFinding =
  | { kind: 'valid'; keyid: string }
  /** No signature is by this key (by its keyid) and none verifies with it. */
  | { kind: 'other-key'; keyid: string; signedBy: string[] }
  /** A signature names this key but does not verify: the payload (or its type) changed after signing. */
  | { kind: 'altered'; keyid: string }
  | { kind: 'unsigned' };

export function checkSignature(envelope: DsseEnvelope, publicKey: KeyObject): SignatureFinding {
  const keyid = keyIdOf(publicKey);
  if (envelope.signatures.length === 0) return { kind: 'unsigned' };
  const encoded = preAuthEncoding(envelope.payloadType, Buffer.from(envelope.payload, 'base64'));
  const verifies = envelope.signatures.some((signature) => {
    try {
      return verify(null, encoded, publicKey, Buffer.from(signature.sig, 'base64'));
    } catch {
      return false;
    }
  });
  if (verifies) return { kind: 'valid', keyid };
  if (envelope.signatures.some((signature) => signature.keyid === keyid)) return { kind: 'altered', keyid };
  return { kind: 'other-key', keyid, signedBy: envelope.signatures.map((signature) => signature.keyid || '(no keyid)') };
}

/** Key files are a few hundred bytes: anything far larger is not one, and is not read whole. */
const KEY_FILE_LIMIT = 64 * 1024;
const PEM_LABEL = /-----BEGIN ([A-Z0-9 ]+)-----/;

/** The PEM text of a key file, or a setup error naming the file (never its content). */
function readKeyFile(file: string, what: string, expected: string): string {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw Object.assign(new Error('not a file'), { code: stat.isDirectory() ? 'EISDIR' : 'not a regular file' });
    size = stat.size;
    if (size > KEY_FILE_LIMIT) throw new SetupError(`${what} ${file} is ${size} bytes, not a key file: expected ${expected}`);
    return readFileSync(file, 'latin1');
  } catch (error) {
    if (error instanceof SetupError) throw error;
    throw new SetupError(`cannot read ${what} ${file} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}): expected ${expected}`);
  }
}

/** What a signing key file must hold, for the messages that refuse one. */
export const PRIVATE_EXPECTED =
  'an Ed25519 private key in PKCS#8 PEM (-----BEGIN PRIVATE KEY-----, as `openssl genpkey -algorithm ed25519` writes)';
/** What a verifying key file must hold. */
export const PUBLIC_EXPECTED = 'an Ed25519 public key in PEM (-----BEGIN PUBLIC KEY-----, as `openssl pkey -in KEY -pubout` writes)';

/** The signing key, checked before a run starts: an Ed25519 private key in unencrypted PKCS#8 PEM. `origin` says where the file was named. */
export function readSigningKey(file: string, origin: string): KeyObject {
  const what = `signing key (${origin})`;
  const text = readKeyFile(file, what, PRIVATE_EXPECTED);
  const label = PEM_LABEL.exec(text)?.[1];
  if (!label) throw new SetupError(`${what} ${file} is not a PEM file: expected ${PRIVATE_EXPECTED}`);
  if (label !== 'PRIVATE KEY') {
    const found = /PUBLIC KEY$/.test(label)
      ? 'a public key'
      : label === 'ENCRYPTED PRIVATE KEY'
        ? 'an encrypted private key'
        : `a "${label}" PEM block, not PKCS#8`;
    throw new SetupError(`${what} ${file} holds ${found}: expected ${PRIVATE_EXPECTED}`);
  }
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: text, format: 'pem' });
  } catch {
    throw new SetupError(`${what} ${file} is not a readable PKCS#8 key: expected ${PRIVATE_EXPECTED}`);
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new SetupError(`${what} ${file} is an ${key.asymmetricKeyType ?? 'unknown'} key: expected ${PRIVATE_EXPECTED}`);
  return key;
}

/** The public key `verify --key` checks the signature with. */
export function readPublicKey(file: string, option: string): KeyObject {
  const what = `public key (${option})`;
  const text = readKeyFile(file, what, PUBLIC_EXPECTED);
  const label = PEM_LABEL.exec(text)?.[1];
  if (!label) throw new SetupError(`${what} ${file} is not a PEM file: expected ${PUBLIC_EXPECTED}`);
  if (/PRIVATE KEY$/.test(label))
    throw new SetupError(
      `${what} ${file} is a private key: give verify the public key (openssl pkey -in KEY -pubout) and keep this one secret`,
    );
  let key: KeyObject;
  try {
    key = createPublicKey({ key: text, format: 'pem' });
  } catch {
    throw new SetupError(`${what} ${file} is not a readable public key: expected ${PUBLIC_EXPECTED}`);
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new SetupError(`${what} ${file} is an ${key.asymmetricKeyType ?? 'unknown'} key: expected ${PUBLIC_EXPECTED}`);
  return key;
}
