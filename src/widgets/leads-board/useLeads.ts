/**
 * The board's data: workflow tabs, the current tab, page and search in force, the rows on screen
 * and the selection (the search box debounces what it hands over). SPEC §2/§9: 10 per page from the server; while searching, 1000 are
 * fetched once and filtered and paged on the client, showing the filtered count.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LEAD_PAGE_SIZE, LEAD_SEARCH_PAGE_SIZE, MESSAGES, type Lead, type Workflow } from '../../contract';
import { useToast } from '../../runtime';
import type { LeadsApi } from './leadsApi';
import { filterLeads, idKey, pageCount, pageSlice, workflowTabs } from './leadsModel';

const NO_LEADS: Lead[] = [];

export type LoadState = 'loading' | 'ready' | 'error';

export interface LeadsBoardState {
  /** The tabs: All Contacts first. */
  workflows: Workflow[];
  workflowsState: LoadState;
  reloadWorkflows(): void;
  /** The selected tab's workflow id, as text ('' before the workflows arrive). */
  tab: string;
  /** Selects a tab and goes back to page 1 (SPEC §4). */
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
  /** Fetches the current page again (after a change). */
  reload(): void;
  /** Changes one lead on screen without a reload (inline changes). */
  patchLead(id: Lead['id'], patch: Partial<Lead>): void;
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
  const [workflows, setWorkflows] = useState<Workflow[]>([]);
  const [workflowsState, setWorkflowsState] = useState<LoadState>('loading');
  const [workflowsNonce, setWorkflowsNonce] = useState(0);
  const [tab, setTabState] = useState('');
  const [page, setPageState] = useState(1);
  const [activeSearch, setActiveSearchState] = useState('');
  const [nonce, setNonce] = useState(0);
  // `key` says which request the rows answer: until the answer to a new tab, page, search or
  // reload arrives, the old rows are neither shown nor filtered and counted as its results.
  const [data, setData] = useState<{ leads: Lead[]; total: number; key: string }>({ leads: [], total: 0, key: '' });
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    setWorkflowsState('loading');
    api.workflows(controller.signal).then(
      (list) => {
        const tabs = workflowTabs(list);
        setWorkflows(tabs);
        setTabState((current) => (tabs.some((w) => idKey(w.id) === current) ? current : idKey(tabs[0]?.id)));
        setWorkflowsState('ready');
        if (!tabs.length) setLoading(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setWorkflowsState('error');
        setLoading(false);
        toast.error(MESSAGES.leads.workflowDataFailed);
      },
    );
    return () => controller.abort();
  }, [api, toast, workflowsNonce]);

  const searching = activeSearch !== '';
  // While searching, paging happens on the client: a page change must not fetch again.
  const fetchPage = searching ? 1 : page;
  const key = JSON.stringify([tab, fetchPage, activeSearch, nonce]);

  useEffect(() => {
    if (!tab) return;
    const controller = new AbortController();
    setLoading(true);
    setFailed(false);
    api
      .listLeads(
        {
          workflowId: tab,
          pageNumber: fetchPage,
          pageSize: activeSearch ? LEAD_SEARCH_PAGE_SIZE : LEAD_PAGE_SIZE,
          search: activeSearch || undefined,
        },
        controller.signal,
      )
      .then(
        (answer) => {
          setData({ ...answer, key });
          setLoading(false);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error(error);
          setData({ leads: [], total: 0, key });
          setFailed(true);
          setLoading(false);
          toast.error(MESSAGES.leads.fetchFailed);
        },
      );
    return () => controller.abort();
  }, [api, toast, tab, fetchPage, activeSearch, nonce, key]);

  // A new tab, page, search or reload starts with nothing selected.
  useEffect(() => setSelected([]), [tab, page, activeSearch, nonce]);

  const current = data.key === key;
  const filtered = useMemo(
    () => (searching && current ? filterLeads(data.leads, activeSearch) : null),
    [searching, current, data.leads, activeSearch],
  );
  const total = filtered ? filtered.length : data.total;
  const pages = pageCount(total, LEAD_PAGE_SIZE);
  const rows = useMemo(
    () => (!current ? NO_LEADS : filtered ? pageSlice(filtered, page, LEAD_PAGE_SIZE) : data.leads),
    [current, filtered, page, data.leads],
  );

  // Deleting the last row of the last page leaves that page empty: step back.
  useEffect(() => {
    if (current && !loading && page > pages) setPageState(pages);
  }, [current, loading, page, pages]);

  const setTab = useCallback((id: string) => {
    setTabState(id);
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
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const reloadWorkflows = useCallback(() => setWorkflowsNonce((n) => n + 1), []);
  const patchLead = useCallback((id: Lead['id'], patch: Partial<Lead>) => {
    setData((current) => ({
      ...current,
      leads: current.leads.map((lead) => (idKey(lead.id) === idKey(id) ? { ...lead, ...patch } : lead)),
    }));
  }, []);

  return {
    workflows,
    workflowsState,
    reloadWorkflows,
    tab,
    setTab,
    page: Math.min(page, pages),
    pages,
    setPage,
    activeSearch,
    setActiveSearch,
    filteredCount: filtered ? filtered.length : null,
    searchTruncated: filtered !== null && data.total > data.leads.length,
    rows,
    loading: loading || (Boolean(tab) && !current) || (workflowsState === 'loading' && !tab),
    failed,
    reload,
    patchLead,
    selected,
    setSelected,
  };
}
