import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../../src/ui/Button';
import { IconButton } from '../../src/ui/IconButton';
import { Icon } from '../../src/ui/Icon';

afterEach(cleanup);

describe('Button', () => {
  it('is a non-submitting button by default and calls onClick', () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('shows the busy label and is disabled (aria-disabled, presses ignored) while busy', () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button type="submit" busy busyLabel="Saving..." onClick={onClick}>
        Save Changes
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Saving\.\.\./ });
    expect(button).toBeTruthy();
    expect(screen.queryByText('Save Changes')).toBeNull();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();

    rerender(
      <Button type="submit" busy={false} busyLabel="Saving..." onClick={onClick}>
        Save Changes
      </Button>,
    );
    const idle = screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    expect(idle.disabled).toBe(false);
    expect(idle.hasAttribute('aria-disabled')).toBe(false);
    expect(idle.hasAttribute('aria-busy')).toBe(false);
    fireEvent.click(idle);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('keeps the focus while busy, and a busy submit button does not submit its form', () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const form = (busy: boolean) => (
      <form onSubmit={onSubmit}>
        <Button type="submit" busy={busy} busyLabel="Saving...">
          Save
        </Button>
      </form>
    );
    const { rerender } = render(form(false));
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    button.focus();
    rerender(form(true));
    // A natively disabled button would have dropped the focus to the page.
    expect(button.disabled).toBe(false);
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
    rerender(form(false));
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('stays natively disabled when disabled, busy or not', () => {
    render(
      <Button disabled busy>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
  });

  it('keeps its text while busy when no busy label is given', () => {
    render(<Button busy>LOGIN</Button>);
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeTruthy();
  });

  it('renders the icon slot hidden from screen readers and forwards refs', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} icon={<Icon name="plus" />} variant="secondary" size="sm">
        Add Lead
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Add Lead' });
    expect(ref.current).toBe(button);
    expect(button.querySelector('[aria-hidden="true"] svg')).toBeTruthy();
  });

  it('gives each variant its own class', () => {
    const variants = ['primary', 'secondary', 'danger', 'ghost', 'link'] as const;
    const classes = variants.map((variant) => {
      render(<Button variant={variant}>{variant}</Button>);
      return screen.getByRole('button', { name: variant }).className;
    });
    expect(new Set(classes).size).toBe(variants.length);
  });
});

describe('IconButton', () => {
  it('is named by its required aria-label, which is also the tooltip', () => {
    render(
      <IconButton aria-label="Delete lead">
        <Icon name="trash" />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Delete lead' });
    expect(button.getAttribute('title')).toBe('Delete lead');
    expect(button.getAttribute('type')).toBe('button');
  });
});
