/**
 * The grid's list position after a card: its order key (created_at, id), newest first, as an
 * opaque text the client hands back for the next page (docs/properties-api.md, "Cursor paging").
 *
 * Not signed: a cursor only says where to start reading the caller's own company's listings, and
 * any position there is one the caller could reach with page numbers, so a forged one shows
 * nothing more. It is checked so that a damaged or made-up one is refused (422) rather than
 * reaching the database.
 */
import { PROPERTY_CURSOR_INVALID } from '@contract';
import { invalid } from '../../lib/http-error';

/** Where a page starts: after the card with this created_at (as stored) and id. */
export interface PageKey {
  /** The stored created_at as text (ISO 8601); PostgreSQL's keeps its microseconds. */
  time: string;
  id: number;
}

const VERSION = '1';
/** Longest time text a key carries (ISO 8601 with microseconds and an offset is 32). */
const MAX_TIME = 40;
const MAX_ID = 2_147_483_647;
/** A cursor's text: version, then base64url. */
const SHAPE = /^1[A-Za-z0-9_-]{4,80}$/;
/** Date and time as the database keeps them, with any fraction and zone. */
const TIME = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d)(?::(\d\d)(?:\.\d{1,9})?)?(?:Z|[+-](\d\d)(?::?\d\d)?)?$/;

/** A real instant that both engines read the same way (PostgreSQL refuses 30 February, year 0, 24:00). */
function isTime(text: string): boolean {
  const match = TIME.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second = 0, zone = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    year! >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! < 24 &&
    minute! < 60 &&
    second < 60 &&
    zone < 16
  );
}

/** @example encodeCursor({ time: '2026-11-26T10:00:00.000Z', id: 42 }) // '1MjAyNi0xMS0yNlQxMDowMDowMC4wMDBafDQy' */
export function encodeCursor(key: PageKey): string {
  return VERSION + Buffer.from(`${key.time}|${key.id}`, 'utf8').toString('base64url');
}

/** The key a cursor holds, or null when it is not one this server wrote. */
export function readCursor(text: string): PageKey | null {
  if (!SHAPE.test(text)) return null;
  const decoded = Buffer.from(text.slice(1), 'base64url').toString('utf8');
  const bar = decoded.lastIndexOf('|');
  if (bar < 1) return null;
  const time = decoded.slice(0, bar);
  const idText = decoded.slice(bar + 1);
  if (time.length > MAX_TIME || !isTime(time)) return null;
  if (!/^[1-9]\d{0,9}$/.test(idText)) return null;
  const id = Number(idText);
  return id <= MAX_ID ? { time, id } : null;
}

/** The key of a `cursor` query value; 422 naming the field when it is not a cursor. */
export function decodeCursor(text: string): PageKey {
  const key = readCursor(text);
  if (!key) throw invalid({ cursor: [PROPERTY_CURSOR_INVALID] }, PROPERTY_CURSOR_INVALID);
  return key;
}
