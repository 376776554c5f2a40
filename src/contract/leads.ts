/**
 * Leads and workflow statuses: the calls, their fields (docs/product/data.md) and checks
 * (docs/product/rules.md).
 */
import * as z from 'zod/mini';
import { cappedText, emailText, Id, IntLike, OptText, optionalText, requiredText, ROW_ID_MAX } from './common';
import { ACTIVITIES, LEAD_DEFAULTS, LEAD_PROPERTY_TYPES, LEAD_SOURCES, TEXT_MAX } from './constants';
import { MESSAGES } from './messages';

const V = MESSAGES.validation;

export const LEAD_PATHS = {
  list: (workflowId: Id) => `/leads/list/workflow/${workflowId}`,
  one: (id: Id) => `/leads/${id}`,
  store: '/leads/store',
  import: '/leads/import',
  source: (id: Id) => `/leads/source/${id}`,
  activity: (id: Id) => `/leads/activity/${id}`,
  propertyType: (id: Id) => `/leads/property/${id}`,
  workflow: (id: Id) => `/leads/workflow/${id}`,
  workflows: '/workflow/list',
  /** Beyond the original description: the CSV sample the importer accepts (GET, text/csv). */
  importSample: '/leads/import/sample',
  /** Beyond the original description: CSV export of one tab, optionally searched (GET `?search=`, text/csv). */
  export: (workflowId: Id) => `/leads/export/workflow/${workflowId}`,
  /** Beyond the original description: delete many leads (POST `BulkDeleteRequest`, needs lead-delete). */
  bulkDelete: '/leads/bulk/delete',
  /** Beyond the original description: move many leads to one workflow (POST `BulkWorkflowRequest`, needs lead-edit). */
  bulkWorkflow: '/leads/bulk/workflow',
} as const;

/** A workflow status (docs/product/data.md). */
export const Workflow = z.looseObject({
  id: Id,
  name: z.string(),
  default_style: OptText,
  active_style: OptText,
});
export type Workflow = z.infer<typeof Workflow>;
export const WorkflowsAnswer = z.looseObject({ data: z.array(Workflow) });

/** A lead as the API answers it (docs/product/data.md). property_type and activities are 1-based indexes. */
export const Lead = z.looseObject({
  id: Id,
  name: OptText,
  first_name: OptText,
  last_name: OptText,
  email: OptText,
  phone: OptText,
  address: OptText,
  city: OptText,
  state: OptText,
  postal_code: OptText,
  country: OptText,
  lead_source: OptText,
  property_type: z.nullish(z.union([z.number(), z.string()])),
  workflow: OptText,
  workflow_id: z.nullish(Id),
  activities: z.nullish(z.union([z.number(), z.string()])),
  /** Increases on every change; sent back on edit so a stale save is refused (409). */
  version: z.optional(z.number()),
  created_at: OptText,
  updated_at: OptText,
  /** The follow-up date of the lead's newest note that set one (the lead's timeline). */
  follow_up_at: OptText,
});
export type Lead = z.infer<typeof Lead>;

/** GET /api/v1/leads/list/workflow/{id} answer: `data.data` leads, `data.total`. */
export const LeadsListAnswer = z.looseObject({
  data: z.looseObject({ data: z.array(Lead), total: z.number() }),
});

/** GET /api/v1/leads/{id} answer: `data.data.data` is the lead. */
export const LeadAnswer = z.looseObject({
  data: z.looseObject({ data: z.looseObject({ data: Lead }) }),
});

const index1 = (max: number, message: string) =>
  IntLike.check(z.refine((n) => n >= 1 && n <= max, message));

/** A lead's optional address fields, each capped (optional: docs/product/rules.md). */
const leadPlace = {
  address: optionalText('Address', TEXT_MAX.address, 'multi'),
  city: optionalText('City', TEXT_MAX.place),
  state: optionalText('State', TEXT_MAX.place),
  postal_code: optionalText('Postal code', TEXT_MAX.postalCode),
  country: optionalText('Country', TEXT_MAX.place),
};

/** POST /api/v1/leads/store payload (docs/product/data.md, "Lead"; rules: docs/product/rules.md, "Leads"). */
export const LeadCreateRequest = z.object({
  first_name: requiredText(V.firstNameRequired, 'First name', TEXT_MAX.name),
  last_name: requiredText(V.lastNameRequired, 'Last name', TEXT_MAX.name),
  email: emailText(),
  phone: requiredText('Phone is required', 'Phone', TEXT_MAX.phone).check(z.regex(/^[+\d][\d\s()-]{5,}$/, 'Phone number is invalid')),
  ...leadPlace,
  lead_source: z.enum(LEAD_SOURCES, 'Lead source is required'),
  property_type: index1(LEAD_PROPERTY_TYPES.length, 'Property type is required'),
  workflow_id: IntLike,
  activities: index1(ACTIVITIES.length, 'Activity is required'),
  /** The add form also sends first and last name joined by a space (docs/product/rules.md); the server may recompute it. */
  name: cappedText('Name', TEXT_MAX.fullName),
});
export type LeadCreateRequest = z.infer<typeof LeadCreateRequest>;

/** PUT /api/v1/leads/{id} payload: the full edited lead plus the combined name. */
export const LeadUpdateRequest = z.object({
  name: cappedText('Name', TEXT_MAX.fullName),
  first_name: cappedText('First name', TEXT_MAX.name),
  last_name: cappedText('Last name', TEXT_MAX.name),
  email: cappedText('Email', TEXT_MAX.email),
  phone: cappedText('Phone', TEXT_MAX.phone),
  ...leadPlace,
  lead_source: z.optional(z.nullable(z.enum(LEAD_SOURCES))),
  property_type: z.optional(z.nullable(index1(LEAD_PROPERTY_TYPES.length, 'Property type is invalid'))),
  workflow_id: z.optional(z.nullable(IntLike)),
  workflow: cappedText('Status', TEXT_MAX.name),
  activities: z.optional(z.nullable(index1(ACTIVITIES.length, 'Activity is invalid'))),
  id: z.optional(Id),
  version: z.optional(z.number()),
});
export type LeadUpdateRequest = z.infer<typeof LeadUpdateRequest>;

export const LeadSourceRequest = z.object({ lead_source: z.enum(LEAD_SOURCES, 'Lead source is invalid') });
export const LeadActivityRequest = z.object({ activities: index1(ACTIVITIES.length, 'Activity is invalid') });
export const LeadPropertyTypeRequest = z.object({
  property_type: index1(LEAD_PROPERTY_TYPES.length, 'Property type is invalid'),
});
export const LeadWorkflowRequest = z.object({ workflowId: IntLike });

/** One rejected row of an import: its 1-based row number in the file and why. */
export const ImportRejection = z.object({ row: z.number(), reasons: z.array(z.string()) });
/** POST /api/v1/leads/import answer: `data.data` is the import report. */
export const ImportAnswer = z.looseObject({
  message: z.optional(z.string()),
  data: z.looseObject({
    data: z.looseObject({
      imported: z.number(),
      rejected: z.array(ImportRejection),
      duplicates: z.optional(z.number()),
    }),
  }),
});
export type ImportReport = z.infer<typeof ImportAnswer>['data']['data'];

/**
 * Column headers of the import sample file, in order (GET `LEAD_PATHS.importSample`). The
 * importer matches headers tolerant of case and spacing; property_type and activities may be
 * given as names or 1-based indexes, workflow as a status name.
 */
export const LEAD_IMPORT_HEADERS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'postal_code',
  'country',
  'lead_source',
  'property_type',
  'workflow',
  'activities',
] as const;

/** Accepted import file extensions (docs/product/rules.md), as a file picker's `accept` value. */
export const LEAD_IMPORT_ACCEPT = '.csv,.xlsx,.xls';

/** PUT /api/v1/leads/{id} answer: the updated lead in `data`, or only a message (docs/product/messages.md, `leads.updated`). */
export const LeadUpdateAnswer = z.looseObject({
  status: z.optional(z.string()),
  message: z.optional(z.string()),
  data: z.optional(z.nullable(Lead)),
});
export type LeadUpdateAnswer = z.infer<typeof LeadUpdateAnswer>;

/**
 * PUT /api/v1/leads/{id} with a stale `version`: HTTP 409, `status: "Error"`,
 * `message: MESSAGES.leads.conflict`, and the fresh lead in `data`.
 */
export const LeadConflictAnswer = z.looseObject({
  status: z.optional(z.string()),
  message: z.string(),
  data: Lead,
});
export type LeadConflictAnswer = z.infer<typeof LeadConflictAnswer>;

/** Most ids one bulk call takes; larger selections are refused with 422. */
export const LEAD_BULK_MAX = 1000;

const BulkIds = z
  .array(IntLike.check(z.refine((n) => n >= 1 && n <= ROW_ID_MAX, 'Must be a lead id')))
  .check(z.minLength(1, 'Select at least one lead'), z.maxLength(LEAD_BULK_MAX, `At most ${LEAD_BULK_MAX} leads at once`));

/** POST /api/v1/leads/bulk/delete payload. */
export const BulkDeleteRequest = z.object({ ids: BulkIds });
export type BulkDeleteRequest = z.infer<typeof BulkDeleteRequest>;
/** POST /api/v1/leads/bulk/workflow payload: the new workflow (never All Contacts) of every id. */
export const BulkWorkflowRequest = z.object({ ids: BulkIds, workflowId: IntLike });
export type BulkWorkflowRequest = z.infer<typeof BulkWorkflowRequest>;

/** POST /api/v1/leads/bulk/delete answer: how many of the ids were deleted (others: not found). */
export const BulkDeleteAnswer = z.looseObject({
  status: z.optional(z.string()),
  message: z.optional(z.string()),
  data: z.looseObject({ deleted: z.number() }),
});
/** POST /api/v1/leads/bulk/workflow answer: how many of the ids were moved. */
export const BulkWorkflowAnswer = z.looseObject({
  status: z.optional(z.string()),
  message: z.optional(z.string()),
  data: z.looseObject({ updated: z.number() }),
});

/** GET `LEAD_PATHS.export(id)` query: the search text of the tab, if any. */
export const LeadExportQuery = z.object({ search: z.optional(z.string()) });

/**
 * Splits a full name on spaces: the first word is the first name, the rest the last name
 * (docs/product/data.md).
 * @example splitName('Asha Rani Verma') // { first_name: 'Asha', last_name: 'Rani Verma' }
 */
export function splitName(name: string | null | undefined): { first_name: string; last_name: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return { first_name: parts[0] ?? '', last_name: parts.slice(1).join(' ') };
}

/** Joins first and last name with a space, as the add and edit forms send it (docs/product/rules.md). */
export const joinName = (first: string | null | undefined, last: string | null | undefined): string =>
  [first?.trim(), last?.trim()].filter(Boolean).join(' ');

/** Add-lead integer rules (docs/product/rules.md): property_type defaults to 1 and activities to 2 when not a number. */
export function leadIntegers(values: { property_type?: unknown; activities?: unknown; workflow_id?: unknown }) {
  const int = (v: unknown) => Number.parseInt(String(v ?? ''), 10);
  const pt = int(values.property_type);
  const act = int(values.activities);
  return {
    property_type: Number.isNaN(pt) ? LEAD_DEFAULTS.property_type : pt,
    activities: Number.isNaN(act) ? LEAD_DEFAULTS.activities : act,
    workflow_id: int(values.workflow_id),
  };
}
