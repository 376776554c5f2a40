/**
 * The leads page (docs/product/screens.md, "Leads"): heading, search, Import, Add Lead, Export, a
 * tab per workflow status (All Contacts first), the bulk bar, the table, the pager, and the Add,
 * Import, Edit and Delete dialogs. Add and Import need lead-create, edit lead-edit, delete
 * lead-delete (docs/product/roles.md); each row's next appointment event-read, and its "Schedule
 * visit" (the calendar's form, pre-filled) event-create.
 */
import { Suspense, useCallback, useEffect, useState, type ReactElement } from 'react';
import { MESSAGES, PERMISSIONS, type Lead } from '../../contract';
import { serverMessage } from '../../core';
import { useCan, useLiveReload, useToast } from '../../runtime';
import { lazyComponent } from '../../runtime/lazyComponent';
import { useLocation, useSearchParams } from '../../runtime/router';
import { Button, ErrorState, Icon, Pager, Tabs, useLazyModal } from '../../ui';
import { cx } from '../../ui/css';
import { BulkBar } from './BulkBar';
import { DeleteLeadDialog } from './DeleteLeadDialog';
import { useLeadsApi } from './leadsApi';
import { nextAppointmentLine, nextAppointmentsNotice, scheduleVisitFromLead } from './lazyAppointments';
import { exportFileName, idKey, leadKeys, selectedIds } from './leadsModel';
import { leadsStyles } from './leadsStyles';
import { LeadsTable } from './LeadsTable';
import { saveFile } from '../../ui/saveFile';
import { SearchBox } from './SearchBox';
import { useInlineChanges } from './useInlineChanges';
import { useLeads } from './useLeads';

// The add, edit and import forms load when first wanted (their chunk is fetched as the pointer or focus
// reaches their buttons), so a page showing the board downloads only what lists leads.
const addLeadModal = lazyComponent(() => import('./AddLeadModal').then((m) => ({ default: m.AddLeadModal })));
const editLeadModal = lazyComponent(() => import('./EditLeadModal').then((m) => ({ default: m.EditLeadModal })));
const importLeadsModal = lazyComponent(() => import('./ImportLeadsModal').then((m) => ({ default: m.ImportLeadsModal })));
const leadHistoryModal = lazyComponent(() => import('./LeadHistoryModal').then((m) => ({ default: m.LeadHistoryModal })));
const preloadAdd = () => void addLeadModal.preload().catch(() => {});
const preloadImport = () => void importLeadsModal.preload().catch(() => {});
const preloadEdit = () => void editLeadModal.preload().catch(() => {});
const AddLeadModal = addLeadModal.Component;
const EditLeadModal = editLeadModal.Component;
const ImportLeadsModal = importLeadsModal.Component;
const LeadHistoryModal = leadHistoryModal.Component;
const NextAppointmentsNotice = nextAppointmentsNotice.Component;
const ScheduleVisitFromLead = scheduleVisitFromLead.Component;

export interface LeadsBoardProps {
  /** Extra class on the board's root. */
  className?: string;
}

/** "12 matching leads", with a note when the server had more than the client searched. */
function matchSummary(count: number | null, truncated: boolean): string | undefined {
  if (count === null) return undefined;
  const text = `${count} matching ${count === 1 ? 'lead' : 'leads'}`;
  return truncated ? `${text} (first 1000 searched; refine the search to see more)` : text;
}

/**
 * The leads board.
 *
 * @example
 * <RuntimeProvider runtime={runtime}><LeadsBoard /></RuntimeProvider>
 */
// Every leads call needs lead-read (the server's route table too): the screen's declaration
// (widget.ts) says so, and every mount refuses an agent without it in one place, asking the server
// nothing (src/widgets/ScreenGate.tsx).
export function LeadsBoard({ className }: LeadsBoardProps): ReactElement {
  return <Board className={className} />;
}

function Board({ className }: LeadsBoardProps): ReactElement {
  const api = useLeadsApi();
  const toast = useToast();
  const board = useLeads(api);
  const canCreate = useCan(PERMISSIONS.leadCreate).allowed;
  const canEdit = useCan(PERMISSIONS.leadEdit).allowed;
  const canDelete = useCan(PERMISSIONS.leadDelete).allowed;
  const canReadEvents = useCan(PERMISSIONS.eventRead).allowed;
  const canSchedule = useCan(PERMISSIONS.eventCreate).allowed;
  // The rows' appointment lines come in a chunk of their own: fetched beside the page's list.
  useEffect(() => {
    if (canReadEvents) void nextAppointmentLine.preload().catch(() => {});
  }, [canReadEvents]);
  const inline = useInlineChanges({ api, workflows: board.workflows });
  // A colleague's change or import reloads the lists on screen (an open edit form is told instead: EditLeadModal).
  useLiveReload(['lead', 'import'], [leadKeys.lists]);
  // Add and Edit reload the lists themselves (their changes invalidate them); the selection goes.
  const clearSelection = () => board.setSelected([]);

  const [deleting, setDeleting] = useState<Lead | null>(null);
  const [exporting, setExporting] = useState(false);

  // Mounted once first opened, then kept, so closing plays out as it always did.
  const adding = useLazyModal(false);
  const importing = useLazyModal(false);
  const editing = useLazyModal<Lead['id'] | null>(null);
  const { open: openEdit } = editing;
  const onEdit = useCallback((lead: Lead) => openEdit(lead.id), [openEdit]);
  const onDelete = useCallback((lead: Lead) => setDeleting(lead), []);
  const history = useLazyModal<Lead | null>(null);
  const { open: openHistory } = history;
  const onHistory = useCallback((lead: Lead) => openHistory(lead), [openHistory]);
  // Unmounted when closed: each "Schedule visit" starts a fresh form.
  const [scheduling, setScheduling] = useState<Lead | null>(null);
  const onSchedule = useCallback((lead: Lead) => setScheduling(lead), []);

  // `?lead=7` (a property's matching leads link here) opens that lead; closing it drops the
  // parameter, so a reload or Back does not open it again.
  const leadParam = useSearchParams().get('lead');
  const [path, navigate] = useLocation();
  useEffect(() => {
    if (leadParam && canEdit) openEdit(leadParam);
  }, [leadParam, canEdit, openEdit]);
  const closeEdit = () => {
    editing.close();
    if (leadParam) navigate(path, { replace: true });
  };

  const currentTab = board.workflows.find((w) => idKey(w.id) === board.tab);

  const exportTab = async () => {
    if (!board.tab) return;
    setExporting(true);
    try {
      const file = await api.exportLeads(board.tab, board.activeSearch || undefined);
      saveFile(file, exportFileName(currentTab?.name ?? 'leads'));
    } catch (error) {
      console.error(error);
      toast.error(serverMessage(error, 'Failed to export leads. Please try again.'));
    } finally {
      setExporting(false);
    }
  };

  const s = leadsStyles();
  const ids = selectedIds(Object.fromEntries(board.selected.map((id) => [id, true])), board.rows);

  const content =
    board.workflowsState === 'error' ? (
      <ErrorState message={MESSAGES.leads.workflowDataFailed} onRetry={board.reloadWorkflows} />
    ) : board.failed ? (
      <ErrorState message={MESSAGES.leads.fetchFailed} onRetry={board.reload} />
    ) : (
      <>
        {(canEdit || canDelete) && (
          <BulkBar
            ids={ids}
            workflows={board.workflows}
            canEdit={canEdit}
            canDelete={canDelete}
            api={api}
            onClear={() => board.setSelected([])}
            onDone={board.reload}
          />
        )}
        <LeadsTable
          rows={board.rows}
          workflows={board.workflows}
          loading={board.loading}
          selected={board.selected}
          onSelectedChange={board.setSelected}
          canEdit={canEdit}
          canDelete={canDelete}
          inline={inline}
          onEdit={onEdit}
          onHistory={onHistory}
          onDelete={onDelete}
          showNext={canReadEvents}
          onSchedule={canSchedule ? onSchedule : undefined}
        />
        {canReadEvents && board.rows.length > 0 && (
          <Suspense fallback={null}>
            <NextAppointmentsNotice pageIds={board.rows.map((lead) => idKey(lead.id))} />
          </Suspense>
        )}
        <Pager
          page={board.page}
          pageCount={board.pages}
          onPageChange={board.setPage}
          summary={matchSummary(board.filteredCount, board.searchTruncated)}
          disabled={board.loading}
        />
      </>
    );

  return (
    <div className={cx(s.board, className)}>
      <div className={s.header}>
        <h2 className={s.heading}>Leads</h2>
      </div>
      <div className={s.toolbar} role="search">
        <SearchBox onSearch={board.setActiveSearch} />
        {/* An import is many adds at once: it needs lead-create, like Add Lead. */}
        {canCreate && (
          <Button variant="secondary" icon={<Icon name="upload" />} onClick={() => importing.open(true)} onPointerEnter={preloadImport} onFocus={preloadImport}>
            Import
          </Button>
        )}
        <Button variant="secondary" onClick={() => void exportTab()} busy={exporting} busyLabel="Exporting..." disabled={!board.tab}>
          Export
        </Button>
        {canCreate && (
          <Button icon={<Icon name="plus" />} onClick={() => adding.open(true)} onPointerEnter={preloadAdd} onFocus={preloadAdd}>
            Add Lead
          </Button>
        )}
      </div>
      <div className={s.card} onPointerOver={canEdit ? preloadEdit : undefined} onFocus={canEdit ? preloadEdit : undefined}>
        {board.workflows.length > 0 ? (
          <Tabs
            label="Lead status"
            items={board.workflows.map((w) => ({ id: idKey(w.id), label: w.name }))}
            value={board.tab}
            onChange={board.setTab}
          >
            {content}
          </Tabs>
        ) : (
          content
        )}
      </div>

      <Suspense fallback={null}>
        {adding.wanted && <AddLeadModal open={adding.value} onClose={adding.close} onAdded={clearSelection} api={api} workflows={board.workflows} />}
        {editing.wanted && (
          <EditLeadModal leadId={editing.value} onClose={closeEdit} onUpdated={clearSelection} api={api} workflows={board.workflows} />
        )}
        {history.wanted && <LeadHistoryModal lead={history.value} onClose={history.close} />}
        {scheduling && (
          <ScheduleVisitFromLead lead={scheduling} shownIds={canReadEvents ? board.rows.map((lead) => idKey(lead.id)) : undefined} onClose={() => setScheduling(null)} />
        )}
        {importing.wanted && <ImportLeadsModal open={importing.value} onClose={importing.close} onImported={board.reload} api={api} />}
      </Suspense>
      <DeleteLeadDialog lead={deleting} onClose={() => setDeleting(null)} onDeleted={board.reload} api={api} />
    </div>
  );
}

export default LeadsBoard;
