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

  it('shows the busy label and is disabled while busy', () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button type="submit" busy busyLabel="Saving..." onClick={onClick}>
        Save Changes
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Saving\.\.\./ });
    expect(button).toBeTruthy();
    expect(screen.queryByText('Save Changes')).toBeNull();
    expect((button as HTMLButtonElement).disabled).toBe(true);
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
    expect(idle.hasAttribute('aria-busy')).toBe(false);
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
