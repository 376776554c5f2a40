/**
 * The add and edit lead forms without React: their values, the add form's rules
 * (docs/product/rules.md), the payloads they send and what the edit answer means
 * (docs/product/messages.md).
 */
import * as z from 'zod/mini';
import {
  LeadCreateRequest,
  MESSAGES,
  joinName,
  leadIntegers,
  splitName,
  type Lead,
  type LeadUpdateAnswer,
  type LeadUpdateRequest,
  type Workflow,
} from '../../contract';
import { activityIndex, idKey, leadSourceOption, leadStatusValue, propertyTypeIndex, statusOptions } from './leadsModel';

/** Every field of the add and edit forms, as the inputs hold them: text. */
export interface LeadFormValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  lead_source: string;
  /** 1-based index as text. */
  property_type: string;
  /** The status: a workflow id as text. */
  workflow_id: string;
  /** 1-based index as text. */
  activities: string;
}
export type LeadField = keyof LeadFormValues;

/** Fields of the add form that must be filled (docs/product/rules.md); `workflow_id` is the status. */
export const ADD_LEAD_REQUIRED: readonly LeadField[] = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'lead_source',
  'property_type',
  'workflow_id',
  'activities',
];

/** Field messages for a required field left empty (the schema's own where it has one). */
const EMPTY_MESSAGES: Partial<Record<LeadField, string>> = {
  first_name: MESSAGES.validation.firstNameRequired,
  last_name: MESSAGES.validation.lastNameRequired,
  email: MESSAGES.validation.emailRequired,
  phone: 'Phone is required',
  lead_source: 'Lead source is required',
  property_type: 'Property type is required',
  workflow_id: 'Status is required',
  activities: 'Activity is required',
};

/**
 * A blank add form. Property type and activity start at their defaults (1 and 2, `LEAD_DEFAULTS`)
 * so the person sees what will be sent; the status starts empty, as it has no default
 * (docs/product/rules.md).
 */
export function emptyLeadForm(): LeadFormValues {
  const ints = leadIntegers({});
  return {
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    address: '',
    city: '',
    state: '',
    postal_code: '',
    country: '',
    lead_source: '',
    property_type: String(ints.property_type),
    workflow_id: '',
    activities: String(ints.activities),
  };
}

/** The outcome of checking the add form. */
export type AddLeadCheck =
  | { ok: true; payload: LeadCreateRequest }
  | { ok: false; message: string; errors: Partial<Record<LeadField, string>> };

/**
 * Checks the add form and builds its payload (docs/product/rules.md): a required field left empty gives
 * "Please fill in all required fields" and nothing is sent; otherwise the contract schema checks
 * formats (e-mail, phone). property_type, workflow_id and activities go as integers with their
 * defaults; the name is first and last name joined by a space.
 */
export function checkAddLead(values: LeadFormValues, workflows: readonly Workflow[]): AddLeadCheck {
  const errors: Partial<Record<LeadField, string>> = {};
  for (const field of ADD_LEAD_REQUIRED) {
    if (!values[field].trim()) errors[field] = EMPTY_MESSAGES[field] ?? MESSAGES.validation.fieldRequired;
  }
  if (Object.keys(errors).length) return { ok: false, message: MESSAGES.validation.requiredFields, errors };

  const ints = leadIntegers(values);
  if (!statusOptions(workflows).some((w) => idKey(w.id) === String(ints.workflow_id))) {
    return { ok: false, message: MESSAGES.leads.invalidWorkflow, errors: { workflow_id: MESSAGES.leads.invalidWorkflow } };
  }
  const parsed = z.safeParse(LeadCreateRequest, { ...values, ...ints });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as LeadField | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
    const first = Object.values(errors)[0] ?? MESSAGES.validation.requiredFields;
    return { ok: false, message: first, errors };
  }
  return { ok: true, payload: { ...parsed.data, name: joinName(parsed.data.first_name, parsed.data.last_name) } };
}

/** The edit form's values from a loaded lead; the name is split when first and last are missing. */
export function leadToForm(lead: Lead, workflows: readonly Workflow[]): LeadFormValues {
  const split = splitName(lead.name);
  const text = (v: string | null | undefined) => v ?? '';
  const index = (n: number | null) => (n == null ? '' : String(n));
  return {
    first_name: lead.first_name ?? split.first_name,
    last_name: lead.last_name ?? split.last_name,
    email: text(lead.email),
    phone: text(lead.phone),
    address: text(lead.address),
    city: text(lead.city),
    state: text(lead.state),
    postal_code: text(lead.postal_code),
    country: text(lead.country),
    lead_source: leadSourceOption(lead.lead_source) ?? '',
    property_type: index(propertyTypeIndex(lead.property_type)),
    workflow_id: leadStatusValue(lead, workflows),
    activities: index(activityIndex(lead.activities)),
  };
}

const intOrNull = (value: string): number | null => {
  const n = Number.parseInt(value, 10);
  return Number.isNaN(n) ? null : n;
};

/**
 * PUT /leads/{id} payload (src/contract/leads.ts): the full edited lead plus the combined name, and the
 * `version` it was loaded at so that a stale save is refused instead of overwriting (409).
 * No field validation (docs/product/rules.md).
 */
export function buildEditPayload(values: LeadFormValues, lead: Lead, workflows: readonly Workflow[]): LeadUpdateRequest {
  const workflowId = intOrNull(values.workflow_id);
  const workflow = workflows.find((w) => idKey(w.id) === values.workflow_id);
  return {
    id: lead.id,
    name: joinName(values.first_name, values.last_name),
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: values.phone,
    address: values.address,
    city: values.city,
    state: values.state,
    postal_code: values.postal_code,
    country: values.country,
    lead_source: leadSourceOption(values.lead_source),
    property_type: intOrNull(values.property_type),
    workflow_id: workflowId,
    workflow: workflow?.name ?? lead.workflow ?? null,
    activities: intOrNull(values.activities),
    ...(lead.version === undefined ? {} : { version: lead.version }),
  };
}

/** What an edit answer means (docs/product/messages.md). */
export type EditOutcome =
  | { kind: 'updated'; lead: Lead }
  | { kind: 'message'; message: string }
  | { kind: 'unexpected' };

/**
 * docs/product/messages.md: an answer with the updated lead is a success ("Lead updated
 * successfully"); one with only a message shows that message as a success; one with neither is "An
 * unexpected error occurred".
 */
export function editOutcome(answer: LeadUpdateAnswer | null | undefined): EditOutcome {
  if (answer?.data) return { kind: 'updated', lead: answer.data };
  const message = answer?.message?.trim();
  return message ? { kind: 'message', message } : { kind: 'unexpected' };
}
