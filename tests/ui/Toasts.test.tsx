import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/contract/messages';
import { Toasts, type ToastView } from '../../src/ui/Toasts';

afterEach(cleanup);

const toasts: ToastView[] = [
  { id: 'a', kind: 'success', message: MESSAGES.leads.added },
  { id: 'b', kind: 'error', message: MESSAGES.leads.fetchFailed },
  { id: 'c', kind: 'info', message: 'Heads up' },
];

describe('Toasts', () => {
  it('renders errors as alerts and the rest as status messages', () => {
    render(<Toasts toasts={toasts} onDismiss={() => {}} />);
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch leads');
    const statuses = screen.getAllByRole('status').map((el) => el.textContent);
    expect(statuses).toEqual([expect.stringContaining('Lead added successfully!'), expect.stringContaining('Heads up')]);
  });

  it('dismisses one toast by id', () => {
    const onDismiss = vi.fn();
    render(<Toasts toasts={toasts} onDismiss={onDismiss} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[1]!);
    expect(onDismiss).toHaveBeenCalledWith('b');
  });

  it('pauses on mouse enter and resumes on mouse leave', () => {
    const onPause = vi.fn();
    const onResume = vi.fn();
    render(<Toasts toasts={toasts} onDismiss={() => {}} onPause={onPause} onResume={onResume} />);
    const stack = screen.getByRole('region', { name: 'Notifications' });
    fireEvent.mouseEnter(stack);
    expect(onPause).toHaveBeenCalledTimes(1);
    expect(onResume).not.toHaveBeenCalled();
    fireEvent.mouseLeave(stack);
    expect(onResume).toHaveBeenCalledTimes(1);
  });

  it('pauses while focus is inside the stack and resumes when it leaves', () => {
    const onPause = vi.fn();
    const onResume = vi.fn();
    render(
      <>
        <button type="button">Outside</button>
        <Toasts toasts={toasts} onDismiss={() => {}} onPause={onPause} onResume={onResume} />
      </>,
    );
    const [first, second] = screen.getAllByRole('button', { name: 'Dismiss notification' });
    fireEvent.focus(first!);
    expect(onPause).toHaveBeenCalled();
    fireEvent.blur(first!, { relatedTarget: second });
    expect(onResume).not.toHaveBeenCalled();
    fireEvent.blur(second!, { relatedTarget: screen.getByRole('button', { name: 'Outside' }) });
    expect(onResume).toHaveBeenCalledTimes(1);
  });

  it('sits fixed at the top right', () => {
    render(<Toasts toasts={toasts} onDismiss={() => {}} />);
    const stack = screen.getByRole('region', { name: 'Notifications' });
    const cls = stack.className.split(' ')[0];
    const text = document.getElementById('estatedesk-styles')?.textContent ?? '';
    const rule = text.match(new RegExp(`\\.${cls}\\.${cls}\\{([^}]*)\\}`))?.[1] ?? '';
    expect(rule).toContain('position:fixed');
    expect(rule).toContain('top:16px');
    expect(rule).toContain('right:16px');
  });

  it('can render into a portal container', () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    render(<Toasts toasts={toasts} onDismiss={() => {}} container={container} />);
    expect(container.querySelector('[role="alert"]')).toBeTruthy();
    container.remove();
  });
});
