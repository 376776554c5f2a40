/**
 * The Audit Log (docs/activity.md): the company's activity, newest first — who changed what and
 * when, every changed field's before → after — filtered by person, record type, action and days
 * (the super admin: any company), paged with "Load more", exported as CSV with the same filters.
 * The filters live in the screen's address, so `?record_type=lead&record_id=42` opens the history
 * of lead 42 (`auditLogHref`). Agents never get here: the screen's declaration says admins only
 * (widget.ts) and every mount refuses others in one place (src/widgets/ScreenGate.tsx).
 */
import { useCallback, useMemo, useState, type ReactElement } from 'react';
import { MESSAGES, USER_TYPES, type ActivityEvent } from '../../contract';
import { serverMessage } from '../../core/ApiError';
import { useLocation, useQuery, useSearchParams, useSession, useToast } from '../../runtime';
import { usePreferences } from '../../runtime/usePreferences';
import { Button, ResourceList, ResourcePage } from '../../ui';
import { AuditFilters } from './AuditFilters';
import { useAuditApi } from './auditApi';
import { auditKeys, auditQuery, exportFileName, filtersSearch, personOptions, readFilters, withFilter, type AuditFilters as Filters, type FilterKey } from './auditModel';
import { recordNoun } from './auditWords';
import { auditStyles } from './auditStyles';
import { AuditTable } from './AuditTable';
import { saveFile } from '../../ui/saveFile';
import { useAuditLog } from './useAuditLog';
import { AUDIT_SCREENS } from './widget';

export interface AuditLogProps {
  /** Extra class on the widget's root. */
  className?: string;
}

const EXPORT_FAILED = 'Failed to export the audit log. Please try again.';

/** Under the table: how much of the log is shown. */
const shownText = (count: number, more: boolean): string =>
  more ? `Showing the ${count} newest events` : count === 1 ? 'Showing 1 event' : `Showing all ${count} events`;

/**
 * @example
 * <RuntimeProvider runtime={runtime}><AuditLog /></RuntimeProvider>
 */
export function AuditLog({ className }: AuditLogProps): ReactElement {
  const api = useAuditApi();
  const toast = useToast();
  const s = auditStyles();
  const searchText = useSearchParams().toString();
  const filters = useMemo(() => readFilters(new URLSearchParams(searchText)), [searchText]);
  const [, navigate] = useLocation();
  const superAdmin = useSession((state) => state.user?.user_type === USER_TYPES[0]);
  const { date_format } = usePreferences();
  const log = useAuditLog(api, filters);
  // The person filter names the company's people; the super admin belongs to no company, so theirs
  // comes from the events shown. A failure leaves the same: the filter still works.
  const people = useQuery(superAdmin ? null : auditKeys.people, (signal) => api.people(signal));
  const companies = useQuery(superAdmin ? auditKeys.companies : null, (signal) => api.companies(signal));
  const [exporting, setExporting] = useState(false);

  const show = useCallback((next: Filters) => navigate(AUDIT_SCREENS.log.href({}, filtersSearch(next)), { replace: true }), [navigate]);
  const onChange = useCallback((key: FilterKey, value: string) => show(withFilter(filters, key, value)), [filters, show]);
  const historyHref = useCallback(
    (event: ActivityEvent) =>
      event.record_id == null ? null : AUDIT_SCREENS.log.href({}, filtersSearch({ company_id: filters.company_id, record_type: event.record_type, record_id: String(event.record_id) })),
    [filters.company_id],
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      saveFile(await api.exportCsv(auditQuery(filters, null, null)), exportFileName(new Date()));
    } catch (error) {
      console.error(error);
      toast.error(serverMessage(error, EXPORT_FAILED));
    } finally {
      setExporting(false);
    }
  };

  const events = log.events;
  const scoped = filters.record_id && filters.record_type ? events.find((event) => String(event.record_id) === filters.record_id) : undefined;
  const failed = log.first.status === 'error';

  return (
    <ResourcePage
      title="Audit Log"
      className={className}
      actions={
        <Button variant="secondary" busy={exporting} busyLabel="Exporting..." disabled={failed} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      }
    >
      <AuditFilters
        filters={filters}
        onChange={onChange}
        onClear={() => show({})}
        people={personOptions(people.data ?? [], events, filters.actor_id)}
        companies={superAdmin ? (companies.data ?? []) : null}
      />
      {filters.record_id && filters.record_type && (
        <p className={s.scope}>
          <span>
            The history of {recordNoun(filters.record_type)} <b>{scoped?.record_label?.trim() || `#${filters.record_id}`}</b>
          </span>
          <Button variant="link" size="sm" onClick={() => onChange('record_id', '')}>
            Show all {recordNoun(filters.record_type)} activity
          </Button>
        </p>
      )}
      <ResourceList failed={failed} errorMessage={MESSAGES.activity.auditFailed} onRetry={log.first.refetch}>
        <AuditTable events={events} loading={log.first.loading} dateFormat={date_format} historyHref={historyHref} />
        {events.length > 0 && (
          <div className={s.more}>
            <span aria-live="polite">{shownText(events.length, log.hasMore)}</span>
            {log.hasMore && (
              <Button variant="secondary" busy={log.loadingMore} busyLabel="Loading..." onClick={log.loadMore}>
                Load more
              </Button>
            )}
          </div>
        )}
      </ResourceList>
    </ResourcePage>
  );
}

export default AuditLog;
