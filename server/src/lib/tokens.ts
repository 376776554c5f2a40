/**
 * Random tokens for mailed links and session ids. Only their SHA-256 is stored, so a leaked
 * database does not hand out working links.
 */
import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** 128 random bits for session ids. */
export const randomId = (): string => randomBytes(16).toString('base64url');

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
