import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/contract/messages';
import { ConfirmDialog } from '../../src/ui/ConfirmDialog';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

const backdrop = () => document.querySelector('[data-ed-backdrop]') as HTMLElement;

describe('ConfirmDialog', () => {
  it('asks with title and description, focusing Cancel first', () => {
    render(
      <ConfirmDialog open title={MESSAGES.companies.confirmTitle} description={MESSAGES.companies.confirmText} confirmLabel="Delete" onConfirm={() => {}} onCancel={() => {}} />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    const describedBy = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(MESSAGES.companies.confirmText);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('confirms and cancels with its buttons', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog open title="Delete Lead" confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('cancels when the backdrop is clicked or Escape is pressed', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    render(<ConfirmDialog open title="Delete Lead" confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel} />);
    await user.click(backdrop());
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('while busy shows the busy label and cannot be cancelled', () => {
    const onCancel = vi.fn();
    render(<ConfirmDialog open busy busyLabel="Deleting..." title="Delete Lead" confirmLabel="Delete" onConfirm={() => {}} onCancel={onCancel} />);
    const confirm = screen.getByRole('button', { name: /Deleting\.\.\./ }) as HTMLButtonElement;
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(backdrop());
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('paints the confirm button red for danger and orange for primary', () => {
    const { rerender } = render(<ConfirmDialog open title="T" confirmLabel="Go" onConfirm={() => {}} onCancel={() => {}} />);
    const danger = screen.getByRole('button', { name: 'Go' }).className;
    rerender(<ConfirmDialog open title="T" confirmLabel="Go" variant="primary" onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('button', { name: 'Go' }).className).not.toBe(danger);
  });
});
