import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/contract/messages';
import { DataTable, dataTableColumns, type DataTableColumn } from '../../src/ui/DataTable';

afterEach(cleanup);

interface Lead {
  id: number;
  name: string;
  email: string;
}

const leads: Lead[] = [
  { id: 11, name: 'Asha Rao', email: 'asha@example.com' },
  { id: 12, name: 'Vikram Shah', email: 'vikram@example.com' },
  { id: 13, name: 'Meera Iyer', email: 'meera@example.com' },
];

const col = dataTableColumns<Lead>();
const columns: DataTableColumn<Lead>[] = [
  col.accessor('name', { header: 'Name' }),
  col.accessor('email', { header: 'Email', meta: { nowrap: true } }),
  col.display({ id: 'actions', header: 'Actions', cell: ({ row }) => <button type="button">Edit {row.original.name}</button>, meta: { align: 'right' } }),
];
const getRowId = (lead: Lead) => String(lead.id);

const selectAll = () => screen.getByRole('checkbox', { name: 'Select all rows' }) as HTMLInputElement;
const rowBox = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` }) as HTMLInputElement;

describe('DataTable', () => {
  it('renders headers and cells from the column definitions', () => {
    render(<DataTable columns={columns} data={leads} getRowId={getRowId} aria-label="Leads" />);
    const table = screen.getByRole('table', { name: 'Leads' });
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('vikram@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Meera Iyer' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Actions' }).style.textAlign).toBe('right');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('shows one full-width "Loading..." row while loading', () => {
    render(<DataTable columns={columns} data={leads} loading />);
    const cell = screen.getByText('Loading...');
    expect(cell.tagName).toBe('TD');
    expect(cell.getAttribute('colspan')).toBe('3');
    expect(screen.queryByText('Asha Rao')).toBeNull();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('shows the empty text in one full-width row when there is no data', () => {
    render(<DataTable columns={columns} data={[]} selectable emptyText={MESSAGES.leads.noLeads} />);
    const cell = screen.getByText('No leads found');
    expect(cell.getAttribute('colspan')).toBe('4');
    expect(selectAll().disabled).toBe(true);
  });

  it('selects every row with the header checkbox and clears them again (uncontrolled)', () => {
    const onSelectedChange = vi.fn();
    render(<DataTable columns={columns} data={leads} getRowId={getRowId} selectable rowLabel={(l) => l.name} onSelectedChange={onSelectedChange} />);
    expect(selectAll().checked).toBe(false);
    fireEvent.click(selectAll());
    expect(onSelectedChange).toHaveBeenLastCalledWith(['11', '12', '13']);
    expect(selectAll().checked).toBe(true);
    expect(leads.every((l) => rowBox(l.name).checked)).toBe(true);
    expect(screen.getAllByRole('row').slice(1).every((tr) => tr.getAttribute('aria-selected') === 'true')).toBe(true);
    fireEvent.click(selectAll());
    expect(onSelectedChange).toHaveBeenLastCalledWith([]);
    expect(leads.some((l) => rowBox(l.name).checked)).toBe(false);
  });

  it('selects single rows and marks the header checkbox indeterminate', () => {
    render(<DataTable columns={columns} data={leads} getRowId={getRowId} selectable rowLabel={(l) => l.name} />);
    fireEvent.click(rowBox('Vikram Shah'));
    expect(rowBox('Vikram Shah').checked).toBe(true);
    expect(rowBox('Asha Rao').checked).toBe(false);
    expect(selectAll().checked).toBe(false);
    expect(selectAll().indeterminate).toBe(true);
    fireEvent.click(rowBox('Asha Rao'));
    fireEvent.click(rowBox('Meera Iyer'));
    expect(selectAll().checked).toBe(true);
    expect(selectAll().indeterminate).toBe(false);
  });

  it('follows a controlled selection', () => {
    function Controlled() {
      const [selected, setSelected] = useState<string[]>(['13']);
      return (
        <>
          <output data-testid="ids">{selected.join(',')}</output>
          <DataTable columns={columns} data={leads} getRowId={getRowId} selectable rowLabel={(l) => l.name} selected={selected} onSelectedChange={setSelected} />
          <button type="button" onClick={() => setSelected([])}>
            Clear
          </button>
        </>
      );
    }
    render(<Controlled />);
    expect(rowBox('Meera Iyer').checked).toBe(true);
    fireEvent.click(rowBox('Asha Rao'));
    expect(screen.getByTestId('ids').textContent?.split(',').sort()).toEqual(['11', '13']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(leads.some((l) => rowBox(l.name).checked)).toBe(false);
  });

  it('ignores clicks when a controlled owner rejects the change', () => {
    render(<DataTable columns={columns} data={leads} getRowId={getRowId} selectable rowLabel={(l) => l.name} selected={[]} onSelectedChange={() => {}} />);
    fireEvent.click(rowBox('Asha Rao'));
    expect(rowBox('Asha Rao').checked).toBe(false);
  });

  it('scrolls within a maximum height as a keyboard-reachable region', () => {
    render(<DataTable columns={columns} data={leads} maxHeight={600} aria-label="Companies" />);
    const region = screen.getByRole('region', { name: 'Companies' });
    expect(region.style.maxHeight).toBe('600px');
    expect(region.tabIndex).toBe(0);
  });
});
