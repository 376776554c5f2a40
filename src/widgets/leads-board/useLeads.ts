/**
 * The board's data: workflow tabs, the current tab, page and search in force, the rows on screen
 * and the selection (the search box debounces what it hands over). docs/product/rules.md: 10 per
 * page from the server; while searching, 1000 are fetched once and filtered and paged on the
 * client, showing the filtered count. Loading, aborting and reloading are the runtime's data hooks'
 * work.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LEAD_SEARCH_PAGE_SIZE, MESSAGES, type Lead, type Workflow } from '../../contract';
import { useQuery, useToast } from '../../runtime';
import { usePreferences } from '../../runtime/usePreferences';
import type { LeadsApi } from './leadsApi';
import { filterLeads, idKey, leadKeys, pageCount, pageSlice, workflowTabs } from './leadsModel';

const NO_LEADS: Lead[] = [];
const NO_WORKFLOWS: Workflow[] = [];

export type LoadState = 'loading' | 'ready' | 'error';

export interface LeadsBoardState {
  /** The tabs: All Contacts first. */
  workflows: Workflow[];
  workflowsState: LoadState;
  reloadWorkflows(): void;
  /** The selected tab's workflow id, as text ('' before the workflows arrive). */
  tab: string;
  /** Selects a tab and goes back to page 1 (docs/product/rules.md). */
  setTab(id: string): void;
  page: number;
  pages: number;
  setPage(page: number): void;
  /** The search in force (the search box debounces); '' when not searching. */
  activeSearch: string;
  /** Starts a search (or ends it with ''), back at page 1. */
  setActiveSearch(text: string): void;
  /** Leads matching the search among those fetched, or null when not searching. */
  filteredCount: number | null;
  /** True when the server holds more matches than the 1000 searched on the client. */
  searchTruncated: boolean;
  rows: Lead[];
  loading: boolean;
  failed: boolean;
  /** Fetches the current page again (after a change) with nothing selected. */
  reload(): void;
  selected: string[];
  setSelected(ids: string[]): void;
}

/**
 * State and loading of the leads board.
 *
 * @example
 * const board = useLeads(useLeadsApi());
 * <Pager page={board.page} pageCount={board.pages} onPageChange={board.setPage} />
 */
export function useLeads(api: LeadsApi): LeadsBoardState {
  const toast = useToast();
  const [chosenTab, setChosenTab] = useState('');
  const [page, setPageState] = useState(1);
  const [activeSearch, setActiveSearchState] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  // The person's saved first tab and page size (account preferences); 10 and All Contacts by default.
  const { leads_default_tab: defaultTab, leads_page_size: pageSize } = usePreferences();

  const statuses = useQuery(leadKeys.workflows, (signal) => api.workflows(signal), {
    onError(error) {
      console.error(error);
      toast.error(MESSAGES.leads.workflowDataFailed);
    },
  });
  const workflows = useMemo(() => (statuses.data ? workflowTabs(statuses.data) : NO_WORKFLOWS), [statuses.data]);
  // The chosen tab while it exists, else the preferred one while it exists, else the first (All Contacts).
  const preferredTab = defaultTab === null ? '' : idKey(defaultTab);
  const tab = workflows.some((w) => idKey(w.id) === chosenTab)
    ? chosenTab
    : preferredTab && workflows.some((w) => idKey(w.id) === preferredTab)
      ? preferredTab
      : idKey(workflows[0]?.id);

  const searching = activeSearch !== '';
  // While searching, paging happens on the client: a page change must not fetch again.
  const fetchPage = searching ? 1 : page;
  const list = useQuery(
    tab ? [...leadKeys.list(tab, fetchPage, activeSearch), pageSize] : null,
    (signal) =>
      api.listLeads(
        {
          workflowId: tab,
          pageNumber: fetchPage,
          pageSize: searching ? LEAD_SEARCH_PAGE_SIZE : pageSize,
          search: activeSearch || undefined,
        },
        signal,
      ),
    {
      onError(error) {
        console.error(error);
        toast.error(MESSAGES.leads.fetchFailed);
      },
    },
  );

  // A new tab, page or search starts with nothing selected.
  useEffect(() => setSelected([]), [tab, page, activeSearch]);

  const data = list.status === 'success' ? list.data : undefined;
  const filtered = useMemo(() => (searching && data ? filterLeads(data.leads, activeSearch) : null), [searching, data, activeSearch]);
  const total = filtered ? filtered.length : (data?.total ?? 0);
  const pages = pageCount(total, pageSize);
  const rows = useMemo(() => (!data ? NO_LEADS : filtered ? pageSlice(filtered, page, pageSize) : data.leads), [data, filtered, page, pageSize]);

  // Deleting the last row of the last page leaves that page empty: step back.
  useEffect(() => {
    if (data && page > pages) setPageState(pages);
  }, [data, page, pages]);

  const setTab = useCallback((id: string) => {
    setChosenTab(id);
    setPageState(1);
  }, []);
  const setPage = useCallback((next: number) => setPageState(Math.max(1, Math.trunc(next) || 1)), []);
  const activeSearchRef = useRef('');
  const setActiveSearch = useCallback((text: string) => {
    const next = text.trim();
    if (next === activeSearchRef.current) return;
    activeSearchRef.current = next;
    setActiveSearchState(next);
    setPageState(1);
  }, []);
  const { refetch } = list;
  const reload = useCallback(() => {
    setSelected([]);
    refetch();
  }, [refetch]);

  return {
    workflows,
    workflowsState: statuses.status === 'error' ? 'error' : statuses.status === 'success' ? 'ready' : 'loading',
    reloadWorkflows: statuses.refetch,
    tab,
    setTab,
    page: Math.min(page, pages),
    pages,
    setPage,
    activeSearch,
    setActiveSearch,
    filteredCount: filtered ? filtered.length : null,
    searchTruncated: filtered !== null && data !== undefined && data.total > data.leads.length,
    rows,
    loading: list.loading || statuses.loading,
    failed: list.status === 'error',
    reload,
    selected,
    setSelected,
  };
}
