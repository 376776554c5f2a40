import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../../src/ui/Button';
import { flushStyles } from '../../src/ui/css';
import { CardTable, type TableCards } from '../../src/ui/CardTable';
import { DataTable, dataTableColumns } from '../../src/ui/DataTable';
import { DeleteDialog } from '../../src/ui/DeleteDialog';
import { EmptyState } from '../../src/ui/EmptyState';
import { Pager } from '../../src/ui/Pager';
import { FormModal } from '../../src/ui/FormModal';
import { ResourceList, ResourcePage } from '../../src/ui/ResourcePage';
import { TextField } from '../../src/ui/TextField';
import { useForm } from '../../src/ui/useForm';
import { useLazyModal } from '../../src/ui/useLazyModal';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

interface Role {
  id: number;
  name: string;
  permissions: string;
}
const roles: Role[] = [
  { id: 1, name: 'Sales Agent', permissions: 'Leads read' },
  { id: 2, name: 'Manager', permissions: 'Leads create, read' },
];
const col = dataTableColumns<Role>();
const columns = [
  col.accessor('name', { header: 'Role', meta: { area: 'role' } }),
  col.accessor('permissions', { header: 'Permissions', meta: { area: 'permissions' } }),
];
const CARDS: TableCards = { columns: 'minmax(0, 1fr) auto', areas: "'role actions' 'permissions permissions'" };

function Page({ failed = false, loading = false, data = roles, onRetry = () => {} }: { failed?: boolean; loading?: boolean; data?: Role[]; onRetry?: () => void }) {
  const [page, setPage] = useState(1);
  return (
    <ResourcePage title="Roles & Permissions" actions={<Button>Add Role</Button>} overlays={<p>overlay</p>}>
      <ResourceList
        failed={failed}
        errorMessage="Error fetching roles"
        onRetry={onRetry}
        empty={!loading && data.length === 0 && <EmptyState title="No roles found" />}
        pager={<Pager page={page} pageCount={3} onPageChange={setPage} />}
      >
        <CardTable columns={columns} data={data} loading={loading} loadingText="Loading roles..." aria-label="Roles" cards={CARDS} />
      </ResourceList>
    </ResourcePage>
  );
}

describe('ResourcePage and ResourceList', () => {
  it('shows the heading, its actions, the table and the pager, with the overlays after the panel', () => {
    render(<Page />);
    expect(screen.getByRole('heading', { level: 2, name: 'Roles & Permissions' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Role' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Roles' }).querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.getByText('Showing page 1 of 3')).toBeTruthy();
    expect(screen.getByText('overlay')).toBeTruthy();
  });

  it('shows the loading row while loading, busy for assistive technology', () => {
    render(<Page loading />);
    const table = screen.getByRole('table', { name: 'Roles' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Loading roles...')).toBeTruthy();
  });

  it('shows the empty state instead of the table and pager', () => {
    render(<Page data={[]} />);
    expect(screen.getByText('No roles found')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/Showing page/)).toBeNull();
  });

  it('shows the error with Try again instead of the list', () => {
    const onRetry = vi.fn();
    render(<Page failed onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Error fetching roles');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

});

describe('CardTable', () => {
  it('lays each row out as a card below 560 px, the cells in the areas their columns name', () => {
    render(<Page />);
    flushStyles();
    const scroller = screen.getByRole('table', { name: 'Roles' }).parentElement!;
    // The layout's rule sits under the phone's media query, on a class the table wears.
    const sheet = document.getElementById('estatedesk-styles')!.textContent!;
    const layout = [...scroller.classList].find((name) => new RegExp(`\\.${name}\\.${name} tbody tr\\{grid-template-columns:minmax\\(0, 1fr\\) auto;grid-template-areas:'role actions' 'permissions permissions';gap:8px;`).test(sheet));
    expect(layout).toBeTruthy();
    const cells = scroller.querySelectorAll('tbody tr:first-child td');
    expect([...cells].map((cell) => (cell as HTMLElement).style.gridArea)).toEqual(['role', 'permissions']);
  });

  it('is a card on a phone and a row on a desktop (happy-dom applies the media query at the viewport width)', () => {
    const happyDOM = (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM;
    const firstRow = () => screen.getByRole('table', { name: 'Roles' }).querySelector('tbody tr')!;
    try {
      happyDOM.setViewport({ width: 1400, height: 900 });
      render(<Page />);
      expect(getComputedStyle(firstRow()).display).not.toBe('grid');
      cleanup();
      happyDOM.setViewport({ width: 390, height: 800 });
      render(<Page />);
      expect(getComputedStyle(firstRow()).display).toBe('grid');
      expect(getComputedStyle(firstRow()).gridTemplateAreas).toBe("'role actions' 'permissions permissions'");
      expect(getComputedStyle(screen.getByRole('table', { name: 'Roles' }).querySelector('thead')!).position).toBe('absolute');
    } finally {
      happyDOM.setViewport({ width: 1024, height: 768 });
    }
  });

  it('stays a table without cards, even at phone width', () => {
    const happyDOM = (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM;
    try {
      happyDOM.setViewport({ width: 390, height: 800 });
      render(<DataTable columns={columns} data={roles} aria-label="Roles" />);
      expect(getComputedStyle(screen.getByRole('table', { name: 'Roles' }).querySelector('tbody tr')!).display).not.toBe('grid');
    } finally {
      happyDOM.setViewport({ width: 1024, height: 768 });
    }
  });
});

describe('DeleteDialog', () => {
  it('asks about the chosen item, Cancel first, and confirms it', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(
      <DeleteDialog<Role> item={null} title="Delete Role" description={(role) => `Delete "${role.name}"?`} busy={false} onConfirm={onConfirm} onCancel={onCancel} />,
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    rerender(<DeleteDialog<Role> item={roles[0]!} title="Delete Role" description={(role) => `Delete "${role.name}"?`} busy={false} onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Role' });
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('Delete "Sales Agent"?');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledWith(roles[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('shows Deleting... while busy, confirms nothing twice, and shows why a refusal failed', () => {
    const onConfirm = vi.fn();
    const { rerender } = render(<DeleteDialog item={roles[1]!} title="Delete Role" description="Sure?" busy onConfirm={onConfirm} onCancel={() => {}} />);
    const deleting = screen.getByRole('button', { name: 'Deleting...' });
    fireEvent.click(deleting);
    expect(onConfirm).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<DeleteDialog item={roles[1]!} title="Delete Role" description="Sure?" busy={false} error="2 people hold this role" onConfirm={onConfirm} onCancel={() => {}} />);
    expect(screen.getByRole('alert').textContent).toBe('2 people hold this role');
  });

  it('takes other words (Remove photo?)', () => {
    render(<DeleteDialog item={1} title="Remove photo?" cancelLabel="Keep" confirmLabel="Remove" busyLabel="Removing..." busy onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('button', { name: 'Keep' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Removing...' })).toBeTruthy();
  });
});

describe('FormModal', () => {
  function AddRole({ onSubmit, onClose }: { onSubmit: (values: { name: string }) => Promise<void>; onClose: () => void }) {
    const form = useForm({ initial: { name: '' }, onSubmit });
    return (
      <FormModal form={form} title="Add Role" submitLabel="Add Role" busyLabel="Saving..." onClose={onClose}>
        <TextField label="Name" {...form.field('name')} />
      </FormModal>
    );
  }

  it('names the form by its title, shows the busy label while sending and does not close meanwhile', async () => {
    let finish!: () => void;
    const onSubmit = vi.fn((_values: { name: string }) => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    render(<AddRole onSubmit={onSubmit} onClose={onClose} />);
    expect(screen.getByRole('form', { name: 'Add Role' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Manager' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Role' }));
    const busy = await screen.findByRole('button', { name: 'Saving...' });
    expect(busy).toBeTruthy();
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Manager' });
    const cancel = screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    finish();
    await screen.findByRole('button', { name: 'Add Role' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('useLazyModal', () => {
  function Board() {
    const edit = useLazyModal<number | null>(null);
    return (
      <>
        <button type="button" onClick={() => edit.open(7)}>
          Edit
        </button>
        {edit.wanted && (
          <p>
            mounted {edit.value ?? 'closed'}
            <button type="button" onClick={edit.close}>
              Close
            </button>
          </p>
        )}
      </>
    );
  }

  it('mounts the modal when first opened and keeps it mounted once closed', () => {
    render(<Board />);
    expect(screen.queryByText(/mounted/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByText('mounted 7')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByText('mounted closed')).toBeTruthy();
  });
});
