/**
 * The "Total Leads" table (docs/product/screens.md): Id, Company Name, Job Title, Status (Warm,
 * Cold, Progress as coloured badges) and Action, with pagination controls paging over the sample
 * rows.
 *
 * @example
 * <LeadsTable leads={LEADS} pageSize={5} />
 */
import { useMemo, useState, type ReactElement } from 'react';
import { Link } from '../../runtime/router';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { css, cx, lazyStyles } from '../../ui/css';
import { DataTable, dataTableColumns, type DataTableColumn } from '../../ui/DataTable';
import { Pager } from '../../ui/Pager';
import { v } from '../../ui/theme';
import { LEADS, LEADS_COLUMNS, LEADS_TABLE_PAGE_SIZE, LEADS_TABLE_TITLE, type LeadSample } from './dashboardData';
import { pageSlice, TEMPERATURE_BADGE } from './dashboardModel';
import { LEADS_SCREENS } from '../leads-board/widget';

export interface LeadsTableProps {
  leads?: readonly LeadSample[];
  pageSize?: number;
  /** Where a row's action leads (default the leads page, `/leads-management`). */
  actionPath?: string;
  className?: string;
}

/** Text of the row action, and its accessible name. */
export const LEAD_ACTION_TEXT = {
  label: 'View',
  aria: (lead: LeadSample) => `View ${lead.companyName} lead`,
} as const;

const LEADS_PATH = LEADS_SCREENS.board.href();

const styles = lazyStyles(() => ({
  card: css`height: 100%;`,
  id: css`font-variant-numeric: tabular-nums; color: ${v('muted')};`,
  company: css`font-weight: 600; color: ${v('text')};`,
  action: css`
    display: inline-flex;
    align-items: center;
    height: 28px;
    padding: 0 10px;
    border: 1px solid ${v('border')};
    border-radius: ${v('radius')};
    font-size: 13px;
    font-weight: 500;
    color: ${v('text')};
    text-decoration: none;
    &:hover { border-color: ${v('accent')}; color: ${v('accent')}; text-decoration: none; }
  `,
  pager: css`padding-bottom: 0;`,
}));

function buildColumns(actionPath: string): DataTableColumn<LeadSample>[] {
  const col = dataTableColumns<LeadSample>();
  const s = styles();
  return [
    col.accessor('id', {
      header: LEADS_COLUMNS.id,
      cell: (info) => <span className={s.id}>{info.getValue()}</span>,
      meta: { nowrap: true, width: 80 },
    }),
    col.accessor('companyName', {
      header: LEADS_COLUMNS.companyName,
      cell: (info) => <span className={s.company}>{info.getValue()}</span>,
    }),
    col.accessor('jobTitle', { header: LEADS_COLUMNS.jobTitle }),
    col.accessor('status', {
      header: LEADS_COLUMNS.status,
      cell: ({ row }) => <Badge colour={TEMPERATURE_BADGE[row.original.status]}>{row.original.status}</Badge>,
      meta: { nowrap: true },
    }),
    col.display({
      id: 'action',
      header: LEADS_COLUMNS.action,
      cell: ({ row }) => (
        <Link to={actionPath} className={s.action} aria-label={LEAD_ACTION_TEXT.aria(row.original)}>
          {LEAD_ACTION_TEXT.label}
        </Link>
      ),
      meta: { nowrap: true, align: 'right' },
    }),
  ];
}

/**
 * The Total Leads table.
 *
 * @example
 * <LeadsTable />
 */
export function LeadsTable({ leads = LEADS, pageSize = LEADS_TABLE_PAGE_SIZE, actionPath = LEADS_PATH, className }: LeadsTableProps): ReactElement {
  const [page, setPage] = useState(1);
  const columns = useMemo(() => buildColumns(actionPath), [actionPath]);
  const slice = pageSlice(leads, page, pageSize);
  const s = styles();
  return (
    <Card title={LEADS_TABLE_TITLE} headingAs="h3" className={cx(s.card, className)}>
      <DataTable columns={columns} data={slice.rows} getRowId={(lead) => String(lead.id)} aria-label={LEADS_TABLE_TITLE} />
      <Pager className={s.pager} page={slice.page} pageCount={slice.pageCount} onPageChange={setPage} />
    </Card>
  );
}
