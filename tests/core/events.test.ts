import { describe, expect, it, vi } from 'vitest';
import { createEmitter } from '../../src/core';

interface Events {
  ping: { n: number };
  done: undefined;
}

describe('createEmitter', () => {
  it('calls listeners of a type with the payload, in order, until they unsubscribe', () => {
    const events = createEmitter<Events>();
    const calls: string[] = [];
    const offA = events.on('ping', ({ n }) => calls.push(`a${n}`));
    events.on('ping', ({ n }) => calls.push(`b${n}`));
    events.on('done', () => calls.push('done'));
    events.emit('ping', { n: 1 });
    offA();
    events.emit('ping', { n: 2 });
    events.emit('done');
    expect(calls).toEqual(['a1', 'b1', 'b2', 'done']);
  });

  it('keeps the same function added twice as two subscriptions', () => {
    const events = createEmitter<Events>();
    const listener = vi.fn();
    const off = events.on('ping', listener);
    events.on('ping', listener);
    off();
    events.emit('ping', { n: 1 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('lets a listener unsubscribe others during an emission without changing who hears it', () => {
    const events = createEmitter<Events>();
    const second = vi.fn();
    let offSecond = () => {};
    events.on('ping', () => offSecond());
    offSecond = events.on('ping', second);
    events.emit('ping', { n: 1 });
    events.emit('ping', { n: 2 });
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('keeps calling the others when one listener throws', () => {
    const events = createEmitter<Events>();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const after = vi.fn();
    events.on('ping', () => {
      throw new Error('host bug');
    });
    events.on('ping', after);
    events.emit('ping', { n: 1 });
    expect(after).toHaveBeenCalledWith({ n: 1 });
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it('clear() drops every listener', () => {
    const events = createEmitter<Events>();
    const listener = vi.fn();
    events.on('ping', listener);
    events.clear();
    events.emit('ping', { n: 1 });
    expect(listener).not.toHaveBeenCalled();
  });
});
