import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Menu, type MenuItem } from '../../src/ui/Menu';

afterEach(cleanup);

function setup(extra: Partial<Parameters<typeof Menu>[0]> = {}) {
  const onLogout = vi.fn();
  const items: MenuItem[] = [
    { id: 'profile', label: 'Profile', href: '#/profile' },
    { id: 'prefs', label: 'Preferences', disabled: true },
    { id: 'logout', label: 'Logout', onSelect: onLogout },
  ];
  render(
    <>
      <button type="button">Elsewhere</button>
      <Menu label="Asha" aria-label="Account menu" header={<span>asha@example.com</span>} items={items} {...extra} />
    </>,
  );
  return { onLogout, trigger: screen.getByRole('button', { name: /^Account menu Asha/ }) };
}

const item = (name: string) => screen.getByRole('menuitem', { name });

describe('Menu', () => {
  it('is a closed menu button until clicked', async () => {
    const user = userEvent.setup();
    const { trigger } = setup();
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(screen.getByText('asha@example.com')).toBeTruthy();
    expect(document.activeElement).toBe(item('Profile'));
    expect(item('Profile').getAttribute('href')).toBe('#/profile');
  });

  it('moves with arrow keys skipping disabled items, and Escape returns focus to the button', async () => {
    const user = userEvent.setup();
    const { trigger } = setup();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Profile'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Logout'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Profile'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(item('Logout'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(item('Logout'));
  });

  it('runs an item on Enter and closes', async () => {
    const user = userEvent.setup();
    const { trigger, onLogout } = setup();
    trigger.focus();
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{Enter}');
    expect(onLogout).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('does nothing for a disabled item', async () => {
    const user = userEvent.setup();
    const { trigger } = setup();
    await user.click(trigger);
    expect(item('Preferences').getAttribute('aria-disabled')).toBe('true');
    await user.click(item('Preferences'));
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('closes on a press outside and on Tab', async () => {
    const user = userEvent.setup();
    const { trigger } = setup();
    await user.click(trigger);
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(trigger);
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shows a badge on the trigger, in its name as it is seen (label in name)', () => {
    setup({ badge: 5 });
    expect(screen.getByRole('button', { name: 'Account menu Asha 5' })).toBeTruthy();
  });
});
