import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatNumber, toNumber } from '../../src/core';

describe('formatCurrency', () => {
  it('shows rupees with Indian grouping and no decimals for whole amounts', () => {
    expect(formatCurrency(100000)).toBe('₹1,00,000');
    expect(formatCurrency(12550000)).toBe('₹1,25,50,000');
    expect(formatCurrency(999)).toBe('₹999');
    expect(formatCurrency(0)).toBe('₹0');
    expect(formatCurrency(-500)).toBe('-₹500');
  });

  it('shows paise when the amount has them', () => {
    expect(formatCurrency(1234.5)).toBe('₹1,234.50');
  });

  it('accepts numbers as text, as the API sends prices', () => {
    expect(formatCurrency('2500000')).toBe('₹25,00,000');
    expect(formatCurrency('1,00,000')).toBe('₹1,00,000');
    expect(formatCurrency(' 4500.75 ')).toBe('₹4,500.75');
  });

  it('shows nothing for missing values and other text as is', () => {
    expect(formatCurrency(null)).toBe('');
    expect(formatCurrency(undefined)).toBe('');
    expect(formatCurrency(Number.NaN)).toBe('');
    expect(formatCurrency('')).toBe('');
    expect(formatCurrency('On request')).toBe('On request');
  });
});

describe('formatNumber', () => {
  it('prints the dashboard sample figures as docs/product/screens.md writes them', () => {
    expect(formatNumber(38566)).toBe('38,566');
    expect(formatNumber(45566)).toBe('45,566');
    expect(formatNumber(18765)).toBe('18,765');
    expect(formatNumber(4876)).toBe('4,876');
    expect(formatNumber(678)).toBe('678');
  });

  it('uses Indian grouping from one lakh up, and at most two decimals', () => {
    expect(formatNumber(1234567)).toBe('12,34,567');
    expect(formatNumber(2.345)).toBe('2.35');
    expect(formatNumber('1500')).toBe('1,500');
    expect(formatNumber(null)).toBe('');
  });

  it('follows another locale when asked', () => {
    expect(formatNumber(1234567, 'en-US')).toBe('1,234,567');
  });
});

describe('formatDate', () => {
  it('formats in the Indian locale, day first', () => {
    expect(formatDate('2024-03-05T10:30:00')).toBe('5 Mar 2024');
    expect(formatDate(new Date(2023, 11, 31))).toBe('31 Dec 2023');
    expect(formatDate(Date.UTC(2024, 0, 15, 12))).toBe('15 Jan 2024');
  });

  it('keeps a date-only value on its calendar day in every time zone', () => {
    expect(formatDate('2024-03-05')).toBe('5 Mar 2024');
  });

  it('says "Date not available" for missing or invalid dates', () => {
    for (const value of [null, undefined, '', 'not a date', {}, Number.NaN]) {
      expect(formatDate(value)).toBe('Date not available');
    }
  });
});

describe('toNumber', () => {
  it('reads numbers and numeric text only', () => {
    expect(toNumber(5)).toBe(5);
    expect(toNumber('₹ 1,00,000')).toBe(100000);
    expect(toNumber('Rs. 250')).toBe(250);
    expect(toNumber('-3.5')).toBe(-3.5);
    expect(toNumber('12abc')).toBeNull();
    expect(toNumber(Infinity)).toBeNull();
    expect(toNumber(true)).toBeNull();
  });
});
