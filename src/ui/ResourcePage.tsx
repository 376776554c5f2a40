/**
 * The frame of a resource page (users, roles, companies): the heading with its actions, one
 * raised panel holding the list, and the dialogs after it. `ResourceList` puts the list's error
 * state (message and Try again) or its empty state in place of the table, and the pager under it.
 * The table itself (`DataTable`) shows the loading row, and with `cards` becomes cards on a phone.
 *
 * @example
 * <ResourcePage title="Roles & Permissions" actions={canCreate && <Button onClick={add}>Add Role</Button>} overlays={<DeleteDialog … />}>
 *   <ResourceList failed={list.status === 'error'} errorMessage={MESSAGES.roles.fetchFailed} onRetry={list.refetch}>
 *     <DataTable columns={columns} data={list.data ?? []} loading={list.loading} cards={CARDS} />
 *   </ResourceList>
 * </ResourcePage>
 */
import type { ReactElement, ReactNode } from 'react';
import { css, cx, lazyStyles } from './css';
import { ErrorState } from './ErrorState';
import { pageStyles } from './pageStyles';

const styles = lazyStyles(() => ({
  ...pageStyles(),
  /** The header's buttons keep their size; on a phone they take the row under the heading. */
  header: cx(
    pageStyles().header,
    css`
      @media (max-width: 480px) { & > :not(h2) { flex: 1 1 100%; } }
    `,
  ),
}));

export interface ResourcePageProps {
  /** The page's heading (an `h2`). */
  title: ReactNode;
  /** Buttons or links at the header's end (Add …). */
  actions?: ReactNode;
  /** The panel's content, usually a `ResourceList`. */
  children: ReactNode;
  /** Modals and dialogs, rendered after the panel. */
  overlays?: ReactNode;
  /** Extra class on the page (the widget's root). */
  className?: string;
}

/**
 * A resource page: heading, actions, the panel, the overlays.
 *
 * @example
 * <ResourcePage title="Invite User" actions={<Button>Add User</Button>}>{list}</ResourcePage>
 */
export function ResourcePage({ title, actions, children, overlays, className }: ResourcePageProps): ReactElement {
  const s = styles();
  return (
    <div className={cx(s.page, className)}>
      <div className={s.header}>
        <h2 className={s.heading}>{title}</h2>
        {actions}
      </div>
      <div className={s.panel}>{children}</div>
      {overlays}
    </div>
  );
}

export interface ResourceListProps {
  /** The list could not be loaded: the error state replaces it. */
  failed: boolean;
  errorMessage: ReactNode;
  /** Try again. */
  onRetry?: () => void;
  /** Shown instead of the list when given (a list with nothing in it, said with more than a row). */
  empty?: ReactNode;
  /**
   * Under the list: a `<Pager>` while there is more than one page. Passed as an element, so a page
   * without paging never loads the pager's code.
   */
  pager?: ReactNode;
  /** The list or table. */
  children: ReactNode;
}

/**
 * The list's states around the table: error (with retry), empty, the pager.
 *
 * @example
 * <ResourceList failed={list.status === 'error'} errorMessage={MESSAGES.users.loadFailed} onRetry={list.refetch}
 *   pager={pages > 1 && <Pager page={page} pageCount={pages} onPageChange={setPage} />}>{table}</ResourceList>
 */
export function ResourceList({ failed, errorMessage, onRetry, empty, pager, children }: ResourceListProps): ReactElement {
  if (failed) return <ErrorState message={errorMessage} onRetry={onRetry} />;
  if (empty) return <>{empty}</>;
  return (
    <>
      {children}
      {pager}
    </>
  );
}
