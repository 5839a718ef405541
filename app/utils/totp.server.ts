import crypto from "node:crypto";
import { generateSecret, generateURI, verifySync } from "otplib";

/**
 * TOTP (RFC 6238) through otplib, and one-time recovery codes (issue 38: a second factor for
 * staff, OWASP ASVS level 2). 6 digits, 30 s steps, one step either side for clocks that drift;
 * a step already used is refused (a code seen over a shoulder cannot be replayed).
 */
export const TOTP_ISSUER = "Laugh Windsor";

export function newTotpSecret() {
  return generateSecret();
}

export function totpUri(username: string, secret: string) {
  return generateURI({ issuer: TOTP_ISSUER, label: username, secret });
}

/** The 30-second step a code is valid for, or null (wrong, or not after `lastStep`). */
export function acceptedTotpStep(secret: string, code: string, lastStep: number | null): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const result = verifySync({ secret, token, epochTolerance: 30 });
  if (!result.valid) return null;
  const { timeStep, delta } = result as { timeStep: number; delta?: number };
  const step = timeStep + (delta ?? 0);
  return lastStep != null && step <= lastStep ? null : step;
}

/** Ten recovery codes: 10 random base32 characters each (50 bits), shown once as xxxxx-xxxxx. */
export function newRecoveryCodes(count = 10): string[] {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  return Array.from({ length: count }, () => {
    const bytes = crypto.randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Recovery codes are random (no dictionary to try), so a fast hash is enough; only hashes are kept. */
export function hashRecoveryCode(code: string) {
  const normal = code
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  return crypto.createHash("sha256").update(`laugh-recovery:${normal}`).digest("hex");
}

export function looksLikeRecoveryCode(code: string) {
  return /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim());
}
