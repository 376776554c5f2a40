import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs, type TabItem } from '../../src/ui/Tabs';

afterEach(cleanup);

const items: TabItem[] = [
  { id: 'all', label: 'All Contacts', count: 42 },
  { id: 'open', label: 'Open', count: 7 },
  { id: 'won', label: 'Won', disabled: true },
  { id: 'lost', label: 'Lost' },
];

function Harness({ activation, onChange }: { activation?: 'auto' | 'manual'; onChange?: (id: string) => void }) {
  const [tab, setTab] = useState('all');
  return (
    <Tabs
      label="Lead status"
      items={items}
      value={tab}
      activation={activation}
      onChange={(id) => {
        onChange?.(id);
        setTab(id);
      }}
    >
      <p>Panel for {tab}</p>
    </Tabs>
  );
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('marks the selected tab and gives only it the Tab stop', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Lead status' })).toBeTruthy();
    expect(tab(/All Contacts/).getAttribute('aria-selected')).toBe('true');
    expect(tab(/Open/).getAttribute('aria-selected')).toBe('false');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
    expect(tab(/All Contacts/).textContent).toContain('42');
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tab(/All Contacts/).id);
    expect(tab(/All Contacts/).getAttribute('aria-controls')).toBe(panel.id);
  });

  it('moves and selects with arrow keys, skipping disabled tabs and wrapping', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.tab();
    expect(document.activeElement).toBe(tab(/All Contacts/));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab(/Open/));
    expect(tab(/Open/).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Panel for open')).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab(/Lost/));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab(/All Contacts/));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab(/Lost/));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(tab(/All Contacts/));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tab(/Lost/));
    expect(onChange.mock.calls.map((c) => c[0])).toEqual(['open', 'lost', 'all', 'lost', 'all', 'lost']);
  });

  it('in manual mode moves focus only, selecting on Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness activation="manual" onChange={onChange} />);
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab(/Open/));
    expect(tab(/Open/).tabIndex).toBe(0);
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('open');
    expect(tab(/Open/).getAttribute('aria-selected')).toBe('true');
  });

  it('selects on click', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(tab(/Lost/));
    expect(onChange).toHaveBeenCalledWith('lost');
  });
});
