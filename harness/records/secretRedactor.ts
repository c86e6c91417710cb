// Tokens never appear in output, logs or reports. Every excerpt of an exchange
// passes through here: known secrets are replaced wherever they occur, the
// Authorization header is masked, and non-empty `token` members (webhook
// signing secrets) are masked in JSON bodies, and their values become known
// secrets: a signing token a scenario made up and sent is masked wherever it
// shows up next (a check message quoting it, an observed value).
//
// Whoever holds the secrets owns the redactor: a target session (its tokens, the
// signing tokens its scenarios make up) and the command line (what it writes).
// A fresh redactor still masks Authorization headers and token members.

const MASK = '[redacted]';
/** A token member's value shorter than this is not learned: masking a short word everywhere would garble evidence. */
const LEARNED_MIN_LENGTH = 8;
const TOKEN_MEMBER = /("token"\s*:\s*")((?:[^"\\]|\\.)+)(")/g;

/** Keeps the scheme ("Bearer") when there is one; everything after it, or the whole value, is masked. */
function maskCredentials(value: string): string {
  const scheme = /^([A-Za-z][\w-]*)\s+\S/.exec(value);
  return scheme ? `${scheme[1]} ${MASK}` : value.trim() ? MASK : value;
}

/** Every secret is at least this long: a shorter text cannot hold one. */
const SHORTEST_SECRET = 6;

const escaped = (literal: string): string => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class SecretRedactor {
  private readonly secrets = new Set<string>();
  /** All secrets in one pattern, longest first (a secret holding another is masked whole); rebuilt after one is added. */
  private pattern: RegExp | undefined;

  /** Register a secret; short strings are refused because masking them would garble evidence. */
  add(secret: string | undefined): void {
    if (secret && secret.length >= SHORTEST_SECRET) this.learn(secret);
  }

  text(value: string): string {
    const result = value.replace(TOKEN_MEMBER, (_match, opening: string, secret: string, closing: string) => {
      if (secret.length >= LEARNED_MIN_LENGTH) this.learn(secret);
      return `${opening}${MASK}${closing}`;
    });
    if (this.secrets.size === 0 || result.length < SHORTEST_SECRET) return result;
    // A run learns hundreds of signing tokens and masks every header value and body:
    // one pass of one pattern instead of a search per secret.
    this.pattern ??= new RegExp(
      [...this.secrets]
        .sort((a, b) => b.length - a.length)
        .map(escaped)
        .join('|'),
      'g',
    );
    return result.replace(this.pattern, MASK);
  }

  private learn(secret: string): void {
    if (this.secrets.has(secret)) return;
    this.secrets.add(secret);
    this.pattern = undefined;
  }

  headers(headers: Record<string, string>): Record<string, string> {
    const result: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      result[name] = name.toLowerCase() === 'authorization' ? maskCredentials(value) : this.text(value);
    }
    return result;
  }
}
