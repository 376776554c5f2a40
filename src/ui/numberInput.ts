/**
 * Pure rules for number inputs (docs/product/rules.md, property forms: numbers never below 0; year
 * built 1900 to the current year, at most 4 digits). Kept apart from React so they are tested
 * alone.
 *
 * @example
 * sanitiseNumberInput('-12', { min: 0 }) // "12"
 * commitNumberInput('1850', { min: 1900, max: 2025 }) // "1900"
 */

export interface NumberRules {
  min?: number;
  max?: number;
  /** Largest number of digits in the integer part (4 for a year). */
  maxDigits?: number;
}

/**
 * Keys that cannot start a valid value under the rules: the exponent and plus signs never, the
 * minus sign when `min` is 0 or more.
 *
 * @example
 * isBlockedNumberKey('-', { min: 0 }) // true
 */
export function isBlockedNumberKey(key: string, rules: NumberRules): boolean {
  if (key === 'e' || key === 'E' || key === '+') return true;
  return key === '-' && rules.min !== undefined && rules.min >= 0;
}

/**
 * Cleans a value while the user types: drops a minus sign that the minimum forbids and caps the
 * integer digits. It does not clamp to min yet, because "19" is on its way to "1990".
 *
 * @example
 * sanitiseNumberInput('202512', { maxDigits: 4 }) // "2025"
 */
export function sanitiseNumberInput(raw: string, rules: NumberRules): string {
  let value = raw.trim();
  if (rules.min !== undefined && rules.min >= 0) value = value.replace(/-/g, '');
  if (rules.maxDigits !== undefined) {
    const negative = value.startsWith('-');
    const [whole = '', fraction] = (negative ? value.slice(1) : value).split('.');
    const capped = whole.slice(0, rules.maxDigits);
    value = (negative ? '-' : '') + capped + (fraction !== undefined ? `.${fraction}` : '');
  }
  return value;
}

/**
 * The value to keep when the user leaves the field: empty stays empty, anything else is clamped
 * into [min, max].
 *
 * @example
 * commitNumberInput('-5', { min: 0 }) // "0"
 */
export function commitNumberInput(raw: string, rules: NumberRules): string {
  const value = sanitiseNumberInput(raw, rules);
  if (value === '' || value === '-' || value === '.') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return '';
  if (rules.min !== undefined && n < rules.min) return String(rules.min);
  if (rules.max !== undefined && n > rules.max) return String(rules.max);
  return value;
}
