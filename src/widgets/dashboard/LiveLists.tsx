/**
 * The live dashboard's lists: Top Properties In Demand (by how many of the company's leads match
 * each property) and the latest leads with their real workflow statuses (`STATUS_BADGE_COLOURS`).
 */
import { useMemo, type ReactElement } from 'react';
import type { LatestLead, TopProperty } from '../../contract';
import { formatNumber } from '../../core/format';
import { formatDateAs } from '../../core/preferences';
import { useConfig } from '../../runtime/useConfig';
import { Link } from '../../runtime/router';
import { usePreferences } from '../../runtime/usePreferences';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { css, cx, lazyStyles } from '../../ui/css';
import { DataTable, dataTableColumns, type DataTableColumn } from '../../ui/DataTable';
import { v } from '../../ui/theme';
import { TOP_PROPERTIES_TITLE } from './dashboardData';
import { rankedListStyles } from './TopProperties';
import { statusColour } from './liveModel';
import { LEADS_SCREENS } from '../leads-board/widget';
import { PROPERTY_SCREENS } from '../property-inventory/widget';

export const LIVE_LIST_TEXT = {
  noProperties: 'No property matches a lead yet. Properties whose type and city answer a lead\'s wishes show here.',
  latestTitle: 'Latest Leads',
  noLeads: 'No leads yet.',
  noStatus: 'No status',
  columns: { id: 'Id', name: 'Name', email: 'Email', status: 'Status', added: 'Added', action: 'Action' },
  view: 'View',
} as const;

/** "12 matching leads" / "1 matching lead". */
export const matchingText = (count: number, locale?: string): string => `${formatNumber(count, locale)} matching ${count === 1 ? 'lead' : 'leads'}`;

const styles = lazyStyles(() => ({
  card: css`height: 100%;`,
  // The ranked list's name as a link to the property.
  name: css`margin: 0; font-size: 14px; font-weight: 600; line-height: 1.35; color: ${v('text')}; overflow-wrap: anywhere; text-decoration: none;`,
  empty: css`margin: 0; padding: 8px; font-size: 14px; color: ${v('muted')};`,
  id: css`font-variant-numeric: tabular-nums; color: ${v('muted')};`,
  strong: css`font-weight: 600; color: ${v('text')};`,
  action: css`
    display: inline-flex; align-items: center; height: 28px; padding: 0 10px; border: 1px solid ${v('border')};
    border-radius: ${v('radius')}; font-size: 13px; font-weight: 500; color: ${v('text')}; text-decoration: none;
    &:hover { border-color: ${v('accent')}; color: ${v('accent')}; text-decoration: none; }
  `,
}));

export function LiveTopProperties({ properties, className }: { properties: readonly TopProperty[]; className?: string }): ReactElement {
  const { locale } = useConfig();
  const s = styles();
  const r = rankedListStyles();
  return (
    <Card title={TOP_PROPERTIES_TITLE} headingAs="h3" className={cx(s.card, className)}>
      {properties.length === 0 ? (
        <p className={s.empty}>{LIVE_LIST_TEXT.noProperties}</p>
      ) : (
        <ol className={r.list} aria-label={TOP_PROPERTIES_TITLE}>
          {properties.map((property, index) => (
            <li key={String(property.id)} className={r.item}>
              <span className={r.rank} aria-hidden="true">
                {index + 1}
              </span>
              <div className={r.main}>
                <Link to={PROPERTY_SCREENS.details.href({ id: property.id })} className={s.name}>
                  {property.title || `Property #${property.id}`}
                </Link>
                <p className={r.location}>{[property.property_type, property.location].filter(Boolean).join(' · ')}</p>
              </div>
              <span className={r.queries}>{matchingText(property.matching_leads, locale)}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

export function LatestLeads({ leads, className }: { leads: readonly LatestLead[]; className?: string }): ReactElement {
  const { date_format } = usePreferences();
  const s = styles();
  const columns = useMemo((): DataTableColumn<LatestLead>[] => {
    const col = dataTableColumns<LatestLead>();
    const text = LIVE_LIST_TEXT.columns;
    return [
      col.accessor('id', { header: text.id, cell: (info) => <span className={s.id}>{String(info.getValue())}</span>, meta: { nowrap: true, width: 70 } }),
      col.accessor('name', { header: text.name, cell: (info) => <span className={s.strong}>{info.getValue()}</span> }),
      col.accessor('email', { header: text.email, cell: (info) => info.getValue() ?? '' }),
      col.display({
        id: 'status',
        header: text.status,
        cell: ({ row }) => <Badge colour={statusColour(row.original.status)}>{row.original.status || LIVE_LIST_TEXT.noStatus}</Badge>,
        meta: { nowrap: true },
      }),
      col.display({ id: 'added', header: text.added, cell: ({ row }) => formatDateAs(row.original.created_at, date_format), meta: { nowrap: true } }),
      col.display({
        id: 'action',
        header: text.action,
        cell: ({ row }) => (
          <Link to={LEADS_SCREENS.board.href()} className={s.action} aria-label={`View ${row.original.name} lead`}>
            {LIVE_LIST_TEXT.view}
          </Link>
        ),
        meta: { nowrap: true, align: 'right' },
      }),
    ];
  }, [date_format, s]);
  return (
    <Card title={LIVE_LIST_TEXT.latestTitle} headingAs="h3" className={cx(s.card, className)}>
      {leads.length === 0 ? (
        <p className={s.empty}>{LIVE_LIST_TEXT.noLeads}</p>
      ) : (
        <DataTable columns={columns} data={leads as LatestLead[]} getRowId={(lead) => String(lead.id)} aria-label={LIVE_LIST_TEXT.latestTitle} />
      )}
    </Card>
  );
}
