// The gallery renders every primitive; this checks it mounts cleanly and that nothing on it is
// unnamed for a screen reader (every control labelled, every id unique).
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UiGallery } from './gallery';

afterEach(cleanup);

describe('UiGallery', () => {
  it('renders every section', async () => {
    render(<UiGallery />);
    await act(async () => {});
    for (const title of ['Buttons', 'Dashboard figures', 'Charts', 'Leads table', 'Form', 'Overlays', 'Toasts']) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
  });

  it('names every button and form control, and repeats no id', async () => {
    const { container } = render(<UiGallery open="modal" />);
    await act(async () => {});
    const scope = document.body;
    for (const button of Array.from(scope.querySelectorAll('button'))) {
      const name = button.getAttribute('aria-label') ?? button.textContent?.trim();
      expect(name, button.outerHTML.slice(0, 120)).toBeTruthy();
    }
    for (const control of Array.from(scope.querySelectorAll('input, select, textarea'))) {
      const id = control.getAttribute('id');
      const labelled = control.getAttribute('aria-label') || (id && scope.querySelector(`label[for="${CSS.escape(id)}"]`));
      expect(labelled, control.outerHTML.slice(0, 120)).toBeTruthy();
    }
    const ids = Array.from(scope.querySelectorAll('[id]')).map((el) => el.id).filter((id) => id !== 'estatedesk-styles');
    expect(new Set(ids).size).toBe(ids.length);
    expect(container.querySelector('.ed-root')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit Lead' })).toBeTruthy();
  });
});
