import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EDIT_LEAD_MODAL_WIDTH } from '../../src/contract/constants';
import { Modal } from '../../src/ui/Modal';
import { OverlayLayer, setOverlayContainer } from '../../src/ui/OverlayLayer';

afterEach(() => {
  cleanup();
  setOverlayContainer(null);
  document.body.innerHTML = '';
});

function Harness({ onClose, closeOnBackdrop }: { onClose?: () => void; closeOnBackdrop?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit
      </button>
      <Modal
        open={open}
        title="Edit Lead"
        width={EDIT_LEAD_MODAL_WIDTH}
        closeOnBackdrop={closeOnBackdrop}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        footer={<button type="button">Save Changes</button>}
      >
        <label>
          First name <input />
        </label>
        <label>
          Last name <input />
        </label>
      </Modal>
    </>
  );
}

const backdrop = () => document.querySelector('[data-ed-backdrop]') as HTMLElement;

describe('Modal', () => {
  it('is a labelled modal dialog rendered into the overlay container, 800 px wide', () => {
    render(<Modal open onClose={() => {}} title="Edit Lead" width={800}>Body</Modal>);
    const dialog = screen.getByRole('dialog', { name: 'Edit Lead' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.style.width).toBe('800px');
    const container = document.getElementById('estatedesk-overlays');
    expect(container?.contains(dialog)).toBe(true);
    expect(container?.classList.contains('ed-root')).toBe(true);
  });

  it('renders nothing while closed', () => {
    render(<Modal open={false} onClose={() => {}} title="Hidden">Body</Modal>);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape, on the close button and on a backdrop click', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(backdrop());
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ignores clicks inside the panel and backdrop clicks when disabled', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} closeOnBackdrop={false} />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('dialog'));
    fireEvent.click(backdrop());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('does not close when a press starts inside and ends on the backdrop', () => {
    const onClose = vi.fn();
    render(<Modal open onClose={onClose} title="T"><input aria-label="x" /></Modal>);
    fireEvent.mouseDown(screen.getByLabelText('x'));
    fireEvent.click(backdrop());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('focuses the first field, traps Tab inside and returns focus to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Edit' });
    await user.click(opener);

    const first = screen.getByLabelText('First name');
    expect(document.activeElement).toBe(first);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Last name'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save Changes' }));
    await user.tab();
    // Wraps to the first focusable element of the dialog (the close button in the header).
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save Changes' }));

    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(opener);
  });

  it('closes only the innermost dialog on Escape, then returns focus into the outer one', async () => {
    const user = userEvent.setup();
    const outerClose = vi.fn();
    function Nested() {
      const [inner, setInner] = useState(false);
      return (
        <Modal open onClose={outerClose} title="Outer">
          <button type="button" onClick={() => setInner(true)}>
            Delete
          </button>
          <Modal open={inner} onClose={() => setInner(false)} title="Inner">
            <button type="button">Inner action</button>
          </Modal>
        </Modal>
      );
    }
    render(<Nested />);
    const trigger = screen.getByRole('button', { name: 'Delete' });
    await user.click(trigger);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inner action' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeTruthy();
    expect(outerClose).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(trigger);
  });

  it('keeps focus in the dialog after a backdrop press that does not close it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Modal open onClose={onClose} title="Sticky" closeOnBackdrop={false}><input aria-label="Name" /></Modal>);
    await user.click(backdrop());
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('portals into an explicit container, the nearest OverlayLayer, or the configured container', () => {
    const own = document.createElement('div');
    document.body.appendChild(own);
    const { unmount } = render(<Modal open onClose={() => {}} title="A" container={own}>x</Modal>);
    expect(own.querySelector('[role="dialog"]')).toBeTruthy();
    unmount();

    const layered = render(
      <OverlayLayer>
        <Modal open onClose={() => {}} title="B">x</Modal>
      </OverlayLayer>,
    );
    const layer = document.querySelector('[data-ed-overlay-layer]');
    expect(layer?.querySelector('[role="dialog"]')).toBeTruthy();
    expect(layer?.classList.contains('ed-root')).toBe(true);
    layered.unmount();

    const configured = document.createElement('section');
    document.body.appendChild(configured);
    setOverlayContainer(configured);
    render(<Modal open onClose={() => {}} title="C">x</Modal>);
    expect(configured.querySelector('[role="dialog"]')).toBeTruthy();
  });

  it('takes its z-index from --ed-z-overlay', () => {
    render(<Modal open onClose={() => {}} title="Z">x</Modal>);
    const text = document.getElementById('estatedesk-styles')?.textContent ?? '';
    const cls = backdrop().className.split(' ')[0];
    expect(text).toMatch(new RegExp(`\\.${cls}\\.${cls}\\{[^}]*z-index:var\\(--ed-z-overlay, 1000\\)`));
  });
});
