/**
 * What an edit (PUT /leads/{id}, contract `LeadUpdateRequest`) changes, pure. The edit form has no
 * field checks (docs/product/rules.md); the server still keeps what every lead has: a first name, a
 * well-formed e-mail and phone when given.
 *
 * - A field left out stays as it is; null or blank clears an optional field.
 * - `name` (the combined name the form sends) is split only when first_name and last_name are
 *   both left out.
 * - `workflow` (the status name that came with the lead) is ignored: `workflow_id` sets the status.
 * - `id` in the body is ignored: the path names the lead.
 */
import * as z from 'zod/mini';
import { type LeadUpdateRequest, MESSAGES, splitName } from '@contract';
import { invalid } from '../../lib/http-error';
import type { LeadChanges } from './repository';

const V = MESSAGES.validation;
const EMAIL = z.email();
/** The phone rule of LeadCreateRequest. */
const PHONE = /^[+\d][\d\s()-]{5,}$/;

const blankToNull = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();

/**
 * The column changes of an edit, or a 422 naming the fields that cannot be saved. `sent` is the
 * set of keys the body held: the optional texts parse a missing key as null, which must not clear.
 * @example editChanges({ first_name: 'Asha', city: null }, new Set(['first_name', 'city'])) // { first_name: 'Asha', city: null }
 */
export function editChanges(input: LeadUpdateRequest, sent: ReadonlySet<string>): LeadChanges {
  const errors: Record<string, string[]> = {};
  const changes: LeadChanges = {};
  let first = input.first_name;
  let last = input.last_name;
  if (first === undefined && last === undefined && input.name != null) ({ first_name: first, last_name: last } = splitName(input.name));

  if (first !== undefined) {
    const text = first?.trim() ?? '';
    if (!text) errors.first_name = [V.firstNameRequired];
    else changes.first_name = text;
  }
  if (last !== undefined) changes.last_name = blankToNull(last);

  const email = blankToNull(input.email);
  if (email !== undefined) {
    if (email !== null && !z.safeParse(EMAIL, email).success) errors.email = [V.emailInvalid];
    else changes.email = email?.toLowerCase() ?? null;
  }
  const phone = blankToNull(input.phone);
  if (phone !== undefined) {
    if (phone !== null && !PHONE.test(phone)) errors.phone = ['Phone number is invalid'];
    else changes.phone = phone;
  }
  for (const field of ['address', 'city', 'state', 'postal_code', 'country'] as const) {
    // optionalText() already trimmed and turned blank into null.
    if (sent.has(field)) changes[field] = input[field] ?? null;
  }
  if (sent.has('lead_source')) changes.lead_source = input.lead_source ?? null;
  if (sent.has('property_type')) changes.property_type = input.property_type ?? null;
  if (sent.has('activities')) changes.activities = input.activities ?? null;
  if (Object.keys(errors).length) throw invalid(errors);
  return changes;
}
