/**
 * Display formatting (docs/product/rules.md): rupees with Indian grouping, numbers, and dates in
 * the Indian locale. Tolerant of what the API really sends: numbers as text, nulls, empty strings.
 */
import { MESSAGES } from '../contract';

/** The locale the product asks for (docs/product/rules.md); callers may pass the runtime's `config.locale` instead. */
export const DEFAULT_LOCALE = 'en-IN';

// Intl formatters are costly to build and lists format hundreds of values: one per setting.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, build: () => T): T {
  let hit = cache.get(key);
  if (!hit) cache.set(key, (hit = build()));
  return hit as T;
}

/** A number from a number or numeric text (`'1,00,000'`, `'₹ 2500'`); `null` when there is none. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/[₹,\s]/g, '').replace(/^Rs\.?/i, '');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/**
 * Rupees with Indian grouping; whole amounts without decimals, others with two (paise).
 * Text that is not a number (say, "On request") is shown as is; nothing gives ''.
 *
 * @example
 * formatCurrency(100000)     // '₹1,00,000'
 * formatCurrency('12550000') // '₹1,25,50,000'
 * formatCurrency(1234.5)     // '₹1,234.50'
 */
export function formatCurrency(value: unknown, locale: string = DEFAULT_LOCALE): string {
  const n = toNumber(value);
  if (n === null) return typeof value === 'string' ? value.trim() : '';
  const digits = Number.isInteger(n) ? 0 : 2;
  return cached(
    `currency|${locale}|${digits}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', minimumFractionDigits: digits, maximumFractionDigits: digits }),
  ).format(n);
}

/**
 * A plain number with the locale's separators, up to two decimals.
 *
 * en-IN grouping, like the currency: the product asks for the Indian locale, and every figure of
 * the dashboard's sample (38,566; 45,566; 18,765; 4,876) is below one lakh, where Indian and
 * western grouping agree, so they read exactly as docs/product/screens.md writes them. From one
 * lakh up: 1,00,000.
 *
 * @example
 * formatNumber(38566)   // '38,566'
 * formatNumber(1234567) // '12,34,567'
 */
export function formatNumber(value: unknown, locale: string = DEFAULT_LOCALE): string {
  const n = toNumber(value);
  if (n === null) return typeof value === 'string' ? value.trim() : '';
  return cached(`number|${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })).format(n);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date in the Indian locale, e.g. '5 Mar 2024' (day first, month by name, so it cannot be
 * misread by a visitor used to month-first dates). Invalid or missing dates give
 * "Date not available" (docs/product/messages.md).
 *
 * @example
 * formatDate('2024-03-05T10:30:00Z') // '5 Mar 2024'
 * formatDate(null)                   // 'Date not available'
 */
export function formatDate(value: unknown, locale: string = DEFAULT_LOCALE): string {
  const date =
    value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  if (value === '' || !date || Number.isNaN(date.getTime())) return MESSAGES.properties.noDate;
  // '2024-03-05' means that calendar day, parsed as UTC midnight: show it in UTC, or west of
  // Greenwich it would turn into the 4th.
  const dateOnly = typeof value === 'string' && DATE_ONLY.test(value.trim());
  return cached(
    `date|${locale}|${dateOnly}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        ...(dateOnly ? { timeZone: 'UTC' } : {}),
      }),
  ).format(date);
}
