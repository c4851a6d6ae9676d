import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { getOrCreateSecret } from '../secrets';

/** Secret names under `<dataDir>/secrets/` (or the environment variables named beside them). */
export const UCT_SECRET = 'user-control-token';
export const ACT_SECRET = 'act-token';

/** Act tokens in e-mail links live this long; every digest carries fresh ones. */
export const ACT_TOKEN_TTL_SECONDS = 90 * 24 * 3600;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The user control token of an address (product-spec §6): HMAC-SHA256 under
 * a server secret of the lower-cased address, base64url. Deterministic, so
 * nothing is stored; rotating the secret revokes every token.
 */
export class UserControlTokens {
  constructor(private readonly secret: string) {}

  static fromDataDir(dataDir: string): UserControlTokens {
    return new UserControlTokens(getOrCreateSecret(dataDir, UCT_SECRET, process.env.USER_CONTROL_TOKEN_SECRET));
  }

  tokenFor(email: string): string {
    return createHmac('sha256', this.secret).update(normalizeEmail(email)).digest('base64url');
  }

  /** Constant-time check of a presented token. */
  verify(email: string, presented: string): boolean {
    const expected = Buffer.from(this.tokenFor(email));
    const given = Buffer.from(presented);
    // Compare equal-length buffers always, so the length is all a timing attack could learn.
    const same = timingSafeEqual(expected, given.length === expected.length ? given : expected);
    return same && given.length === expected.length;
  }
}

export interface ActClaims {
  /** The alert (search) id the link is about. */
  searchId: string;
  email: string;
  /** Expiry, epoch seconds. */
  exp: number;
}

export type ActResult = { ok: true; claims: ActClaims } | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

/**
 * Act tokens: the opaque token in e-mail links (manage, unsubscribe,
 * one-click List-Unsubscribe). Encrypt-then-MAC: AES-256-CTR over
 * `{searchId, email, exp}` with a fresh IV, then HMAC-SHA256 over the IV and
 * ciphertext (truncated to 128 bits), both keys derived with HKDF from one
 * server secret. Nothing in the token is readable without the secret, and a
 * changed byte fails the MAC (compared in constant time).
 */
export class ActTokens {
  private readonly encKey: Buffer;
  private readonly macKey: Buffer;

  constructor(secret: string) {
    const ikm = Buffer.from(secret);
    this.encKey = Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), 'trawl act token enc', 32));
    this.macKey = Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), 'trawl act token mac', 32));
  }

  static fromDataDir(dataDir: string): ActTokens {
    return new ActTokens(getOrCreateSecret(dataDir, ACT_SECRET, process.env.ACT_TOKEN_SECRET));
  }

  issue(searchId: string, email: string, nowSeconds: number, ttlSeconds = ACT_TOKEN_TTL_SECONDS): string {
    const iv = randomBytes(16);
    const body = JSON.stringify({ s: searchId, e: normalizeEmail(email), x: nowSeconds + ttlSeconds });
    const cipher = createCipheriv('aes-256-ctr', this.encKey, iv);
    const ct = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
    const mac = this.mac(iv, ct);
    return Buffer.concat([iv, ct, mac]).toString('base64url');
  }

  verify(token: string, nowSeconds: number): ActResult {
    if (!/^[A-Za-z0-9_-]{60,2000}$/.test(token)) return { ok: false, reason: 'malformed' };
    const raw = Buffer.from(token, 'base64url');
    if (raw.length < 16 + 16 + 2) return { ok: false, reason: 'malformed' };
    const iv = raw.subarray(0, 16);
    const ct = raw.subarray(16, raw.length - 16);
    const mac = raw.subarray(raw.length - 16);
    if (!timingSafeEqual(mac, this.mac(iv, ct))) return { ok: false, reason: 'forged' };
    const decipher = createDecipheriv('aes-256-ctr', this.encKey, iv);
    let parsed: { s?: unknown; e?: unknown; x?: unknown };
    try {
      parsed = JSON.parse(Buffer.concat([decipher.update(ct), decipher.final()]).toString('utf8')) as typeof parsed;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (typeof parsed.s !== 'string' || typeof parsed.e !== 'string' || typeof parsed.x !== 'number') {
      return { ok: false, reason: 'malformed' };
    }
    if (parsed.x < nowSeconds) return { ok: false, reason: 'expired' };
    return { ok: true, claims: { searchId: parsed.s, email: parsed.e, exp: parsed.x } };
  }

  private mac(iv: Buffer, ct: Buffer): Buffer {
    return createHmac('sha256', this.macKey).update(iv).update(ct).digest().subarray(0, 16);
  }
}

/** 128 random bits, hex: subscription and alert ids nobody can guess. */
export function randomId(): string {
  return randomBytes(16).toString('hex');
}
