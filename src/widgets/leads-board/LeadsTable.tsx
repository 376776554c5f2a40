/**
 * The leads table (docs/product/screens.md): select-all and row checkboxes; Name, Email, Phone,
 * Status, Property Type, Lead Source, Activities, Actions; inline selects for status, source, type
 * and activity when the user holds lead-edit (read-only text otherwise); "Loading..." and "No leads
 * found". Under a name, the lead's follow-up and (event-read) its next appointment, whose line is
 * held open while it loads so the rows never jump.
 */
import { memo, Suspense, useMemo, type ReactElement } from 'react';
import { ACTIVITIES, LEAD_PROPERTY_TYPES, LEAD_SOURCES, MESSAGES, statusBadgeColour, type Lead, type Workflow } from '../../contract';
import { Badge, DataTable, SelectField, dataTableColumns, type DataTableColumn } from '../../ui';
import { formatDateAs } from '../../core/preferences';
import { usePreferences } from '../../runtime/usePreferences';
import { cx } from '../../ui/css';
import { followUpDue } from './historyModel';
import { nextAppointmentLine } from './lazyAppointments';
import { leadsStyles } from './leadsStyles';
import {
  activityIndex,
  activityLabel,
  idKey,
  leadName,
  leadSourceOption,
  leadStatus,
  leadStatusValue,
  propertyTypeIndex,
  propertyTypeLabel,
  statusOptions,
} from './leadsModel';
import { RowActions } from './RowActions';
import type { InlineChanges } from './useInlineChanges';

export interface LeadsTableProps {
  rows: Lead[];
  workflows: readonly Workflow[];
  loading: boolean;
  selected: string[];
  onSelectedChange(ids: string[]): void;
  canEdit: boolean;
  canDelete: boolean;
  inline: InlineChanges;
  onEdit(lead: Lead): void;
  /** Opens the lead's history (every reader of leads may). */
  onHistory(lead: Lead): void;
  onDelete(lead: Lead): void;
  /** Whether each row shows the lead's next appointment (event-read). */
  showNext?: boolean;
  /** "Schedule visit" for a lead; left out without event-create. */
  onSchedule?(lead: Lead): void;
}

const NextAppointmentLine = nextAppointmentLine.Component;

const indexOptions = (labels: readonly string[]) => labels.map((label, i) => ({ value: String(i + 1), label }));

/**
 * The name, the lead's follow-up date under it while there is one (due ones stand out), and with
 * `pageIds` its next appointment, asked for the whole page at once.
 */
function NameCell({ lead, pageIds }: { lead: Lead; pageIds: readonly string[] | null }): ReactElement {
  const s = leadsStyles();
  const { date_format } = usePreferences();
  const followUp = lead.follow_up_at;
  return (
    <span className={s.nameCell}>
      {leadName(lead)}
      {followUp && (
        <span className={cx(s.followUp, followUpDue(followUp, Date.now()) && s.followUpDue)}>Follow-up {formatDateAs(followUp, date_format)}</span>
      )}
      {pageIds && (
        // A line's height is held from the first render: the rows keep their height as the answer arrives.
        <span className={s.followUp} style={{ minHeight: '1.5em' }}>
          <Suspense fallback={null}>
            <NextAppointmentLine leadId={lead.id} pageIds={pageIds} />
          </Suspense>
        </span>
      )}
    </span>
  );
}

/**
 * The table of one page of leads.
 *
 * @example
 * <LeadsTable rows={rows} workflows={workflows} loading={false} selected={[]} onSelectedChange={setSelected}
 *   canEdit canDelete inline={inline} onEdit={edit} onDelete={remove} />
 */
export const LeadsTable = memo(function LeadsTable({
  rows, workflows, loading, selected, onSelectedChange, canEdit, canDelete, inline, onEdit, onHistory, onDelete, showNext = false, onSchedule,
}: LeadsTableProps): ReactElement {
  const pageKey = rows.map((lead) => idKey(lead.id)).join(',');
  const pageIds = useMemo(() => (showNext && pageKey ? pageKey.split(',') : null), [showNext, pageKey]);
  const columns = useMemo<DataTableColumn<Lead>[]>(() => {
    const s = leadsStyles();
    const col = dataTableColumns<Lead>();
    const statuses = statusOptions(workflows).map((w) => ({ value: idKey(w.id), label: w.name }));
    const typeOptions = indexOptions(LEAD_PROPERTY_TYPES);
    const activityOptions = indexOptions(ACTIVITIES);
    const name = (lead: Lead) => leadName(lead) || `lead ${lead.id}`;
    return [
      col.display({ id: 'name', header: 'Name', cell: ({ row }) => <NameCell lead={row.original} pageIds={pageIds} /> }),
      col.display({
        id: 'email',
        header: 'Email',
        // Long addresses end in an ellipsis (the whole address in the tooltip) so every column fits.
        cell: ({ row }) => <span className={s.emailCell} title={row.original.email ?? undefined}>{row.original.email ?? ''}</span>,
      }),
      col.display({
        id: 'phone',
        header: 'Phone',
        cell: ({ row }) => <span className={s.phoneCell} title={row.original.phone ?? undefined}>{row.original.phone ?? ''}</span>,
      }),
      col.display({
        id: 'status',
        header: 'Status',
        cell: ({ row }) => {
          const lead = row.original;
          const status = leadStatus(lead, workflows);
          const colour = statusBadgeColour(status);
          if (!canEdit) return status ? <Badge colour={colour}>{status}</Badge> : null;
          // One control that is also the badge: the status select wears the status colour.
          return (
            <SelectField
              label={`Status of ${name(lead)}`}
              hideLabel
              size="sm"
              className={s.statusSelect}
              data-colour={status ? colour : undefined}
              placeholder="Select status"
              options={statuses}
              value={leadStatusValue(lead, workflows)}
              onChange={(event) => void inline.changeStatus(lead, event.target.value)}
            />
          );
        },
      }),
      col.display({
        id: 'property_type',
        header: 'Property Type',
        cell: ({ row }) => {
          const lead = row.original;
          if (!canEdit) return propertyTypeLabel(lead.property_type);
          return (
            <SelectField
              label={`Property type of ${name(lead)}`}
              hideLabel
              size="sm"
              className={cx(s.inline, s.typeWidth)}
              placeholder="Select type"
              options={typeOptions}
              value={String(propertyTypeIndex(lead.property_type) ?? '')}
              onChange={(event) => void inline.changePropertyType(lead, event.target.value)}
            />
          );
        },
      }),
      col.display({
        id: 'lead_source',
        header: 'Lead Source',
        cell: ({ row }) => {
          const lead = row.original;
          if (!canEdit) return lead.lead_source ?? '';
          return (
            <SelectField
              label={`Lead source of ${name(lead)}`}
              hideLabel
              size="sm"
              className={cx(s.inline, s.sourceWidth)}
              placeholder="Select source"
              options={LEAD_SOURCES}
              value={leadSourceOption(lead.lead_source) ?? ''}
              onChange={(event) => void inline.changeSource(lead, event.target.value)}
            />
          );
        },
      }),
      col.display({
        id: 'activities',
        header: 'Activities',
        cell: ({ row }) => {
          const lead = row.original;
          if (!canEdit) return activityLabel(lead.activities);
          return (
            <SelectField
              label={`Activity of ${name(lead)}`}
              hideLabel
              size="sm"
              className={cx(s.inline, s.activityWidth)}
              placeholder="Select activity"
              options={activityOptions}
              value={String(activityIndex(lead.activities) ?? '')}
              onChange={(event) => void inline.changeActivity(lead, event.target.value)}
            />
          );
        },
      }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <RowActions lead={row.original} canEdit={canEdit} canDelete={canDelete} onEdit={onEdit} onHistory={onHistory} onDelete={onDelete} onSchedule={onSchedule} />
        ),
      }),
    ];
  }, [workflows, canEdit, canDelete, inline, onEdit, onHistory, onDelete, pageIds, onSchedule]);

  return (
    <DataTable
      aria-label="Leads"
      className={leadsStyles().table}
      columns={columns}
      data={rows}
      getRowId={(lead) => idKey(lead.id)}
      rowLabel={(lead) => leadName(lead) || `lead ${lead.id}`}
      selectable
      selected={selected}
      onSelectedChange={onSelectedChange}
      loading={loading}
      loadingText={MESSAGES.generic.loading}
      emptyText={MESSAGES.leads.noLeads}
    />
  );
});
