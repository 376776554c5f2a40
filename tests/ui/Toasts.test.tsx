import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
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

describe('Toasts stepping aside from the focus', () => {
  /** A 390 px phone: the stack spans 358 × 52 px at the top; `top` and `bottom` give a button's place. */
  function phone(at: { top: number; bottom: number }) {
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 390 });
    const place = (el: HTMLElement, box: { top: number; bottom: number; left: number; right: number }) => {
      el.getBoundingClientRect = () => ({ ...box, x: box.left, y: box.top, width: box.right - box.left, height: box.bottom - box.top, toJSON: () => box }) as DOMRect;
    };
    const view = render(
      <>
        <button type="button">Close</button>
        <button type="button">First Name</button>
        <Toasts toasts={[toasts[1]!]} onDismiss={() => {}} />
      </>,
    );
    const stack = screen.getByRole('region', { name: 'Notifications' });
    Object.defineProperty(stack, 'offsetWidth', { configurable: true, value: 358 });
    Object.defineProperty(stack, 'offsetHeight', { configurable: true, value: 52 });
    place(screen.getByRole('button', { name: 'Close' }), { ...at, left: 346, right: 374 });
    place(screen.getByRole('button', { name: 'First Name' }), { top: 150, bottom: 190, left: 28, right: 360 });
    return { ...view, stack };
  }

  const focus = (name: string) => act(() => screen.getByRole('button', { name }).focus());

  it('moves to the bottom while the focused control is under its place at the top, and back when focus moves on', () => {
    const { stack } = phone({ top: 24, bottom: 52 });
    expect(stack.hasAttribute('data-aside')).toBe(false);
    focus('Close');
    expect(stack.hasAttribute('data-aside')).toBe(true);
    // Into the stack (its dismiss button): it stays where it is.
    focus('Dismiss notification');
    expect(stack.hasAttribute('data-aside')).toBe(true);
    focus('First Name');
    expect(stack.hasAttribute('data-aside')).toBe(false);
  });

  it('stays at the top when the focused control is clear of it', () => {
    const { stack } = phone({ top: 80, bottom: 108 });
    focus('Close');
    expect(stack.hasAttribute('data-aside')).toBe(false);
  });
});
