import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { TOAST } from '../../src/contract';
import { createToastStore, toastActions } from '../../src/core';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-01-01T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const messages = (store: ReturnType<typeof createToastStore>) => store.getState().toasts.map((t) => t.message);

describe('toast store (docs/product/rules.md)', () => {
  it('shows toasts with kind, duration and creation time', () => {
    const store = createToastStore();
    const id = store.getState().success('Lead added successfully!');
    store.getState().error('Failed to fetch leads');
    store.getState().info('Heads up');
    expect(store.getState().toasts).toEqual([
      { id, kind: 'success', message: 'Lead added successfully!', duration: 2000, createdAt: Date.parse('2025-01-01T10:00:00Z') },
      expect.objectContaining({ kind: 'error', duration: 4000 }),
      expect.objectContaining({ kind: 'info', duration: 4000 }),
    ]);
  });

  it('dismisses success after 2 s, error and info after 4 s', () => {
    const store = createToastStore();
    store.getState().success('saved');
    store.getState().error('failed');
    store.getState().info('note');
    vi.advanceTimersByTime(1999);
    expect(messages(store)).toEqual(['saved', 'failed', 'note']);
    vi.advanceTimersByTime(1);
    expect(messages(store)).toEqual(['failed', 'note']);
    vi.advanceTimersByTime(2000);
    expect(messages(store)).toEqual([]);
  });

  it('honours a custom duration such as TOAST.longMs (5 s) and keeps 0/Infinity until dismissed', () => {
    const store = createToastStore();
    store.getState().success('Registration successful!', { duration: TOAST.longMs });
    const sticky = store.getState().error('sticky', { duration: Infinity });
    store.getState().info('also sticky', { duration: 0 });
    vi.advanceTimersByTime(4999);
    expect(messages(store)).toEqual(['Registration successful!', 'sticky', 'also sticky']);
    vi.advanceTimersByTime(1);
    expect(messages(store)).toEqual(['sticky', 'also sticky']);
    vi.advanceTimersByTime(60_000);
    store.getState().dismiss(sticky);
    expect(messages(store)).toEqual(['also sticky']);
  });

  it('keeps at most 20, dropping the oldest', () => {
    const store = createToastStore();
    for (let i = 1; i <= 23; i += 1) store.getState().info(`t${i}`, { duration: Infinity });
    expect(store.getState().toasts).toHaveLength(TOAST.max);
    expect(messages(store)[0]).toBe('t4');
    expect(messages(store)[19]).toBe('t23');
  });

  it('does not let a dropped toast’s timer remove anything later', () => {
    const store = createToastStore();
    for (let i = 1; i <= 21; i += 1) store.getState().success(`t${i}`);
    expect(vi.getTimerCount()).toBe(20);
  });

  it('pauses every countdown and resumes with the remaining time', () => {
    const store = createToastStore();
    store.getState().error('failed'); // 4 s
    vi.advanceTimersByTime(3000);
    store.getState().pauseAll();
    expect(store.getState().paused).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(messages(store)).toEqual(['failed']);
    store.getState().resumeAll();
    expect(store.getState().paused).toBe(false);
    vi.advanceTimersByTime(999);
    expect(messages(store)).toEqual(['failed']);
    vi.advanceTimersByTime(1);
    expect(messages(store)).toEqual([]);
  });

  it('holds toasts raised while paused until resumed', () => {
    const store = createToastStore();
    store.getState().pauseAll();
    store.getState().success('saved');
    vi.advanceTimersByTime(10_000);
    expect(messages(store)).toEqual(['saved']);
    store.getState().resumeAll();
    vi.advanceTimersByTime(2000);
    expect(messages(store)).toEqual([]);
  });

  it('resumes only when hover and window focus have both resumed', () => {
    const store = createToastStore();
    store.getState().success('saved');
    store.getState().pauseAll('hover');
    store.getState().pauseAll('blur');
    store.getState().resumeAll('hover');
    vi.advanceTimersByTime(5000);
    expect(messages(store)).toEqual(['saved']);
    store.getState().resumeAll('blur');
    vi.advanceTimersByTime(2000);
    expect(messages(store)).toEqual([]);
  });

  it('treats non-text reasons (event objects from onMouseEnter/onMouseLeave) as one reason', () => {
    const store = createToastStore();
    const toast = toastActions(store);
    toast.success('saved');
    (toast.pauseAll as (reason?: unknown) => void)({ type: 'mouseenter' });
    (toast.resumeAll as (reason?: unknown) => void)({ type: 'mouseleave' });
    expect(store.getState().paused).toBe(false);
    vi.advanceTimersByTime(2000);
    expect(messages(store)).toEqual([]);
  });

  it('clear() and dispose() cancel every timer', () => {
    const store = createToastStore();
    store.getState().success('a');
    store.getState().error('b');
    store.getState().clear();
    expect(store.getState().toasts).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    store.getState().info('c');
    store.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives every toast a distinct id', () => {
    const store = createToastStore();
    const ids = [store.getState().info('a'), store.getState().info('a'), store.getState().info('a')];
    expect(new Set(ids).size).toBe(3);
  });

  it('toastActions() drives the same store through one stable object', () => {
    const store = createToastStore();
    const toast = toastActions(store);
    const id = toast.error('boom');
    toast.success('ok');
    expect(messages(store)).toEqual(['boom', 'ok']);
    toast.dismiss(id);
    toast.pauseAll();
    expect(store.getState().paused).toBe(true);
    toast.resumeAll();
    toast.clear();
    expect(messages(store)).toEqual([]);
  });
});
