import { afterEach, describe, expect, it, vi } from 'vitest';
import { flag, json, oneOf, positiveId, storedValue, text } from './stored-value';

describe('storedValue', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes, reads back and removes one key, telling subscribers each time', () => {
    const id = storedValue('probeId', positiveId);
    const listener = vi.fn();
    const unsubscribe = id.subscribe(listener);
    id.set(42);
    expect(localStorage.getItem('probeId')).toBe('42');
    expect(id.get()).toBe(42);
    id.set(null);
    expect(localStorage.getItem('probeId')).toBeNull();
    expect(id.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    id.set(7);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('reads what no longer parses as null', () => {
    localStorage.setItem('probeId', 'nonsense');
    expect(storedValue('probeId', positiveId).get()).toBeNull();
    localStorage.setItem('probeFlag', 'yes');
    expect(storedValue('probeFlag', flag).get()).toBeNull();
    localStorage.setItem('probeLanguage', 'fr');
    expect(storedValue('probeLanguage', oneOf(['en', 'nl'])).get()).toBeNull();
    sessionStorage.setItem('probeJson', '{not json');
    expect(
      storedValue(
        'probeJson',
        json((v) => v as object),
        { area: 'session' },
      ).get(),
    ).toBeNull();
  });

  it('keeps a session value in sessionStorage only', () => {
    const pending = storedValue(
      'probePending',
      json((v) => (typeof v === 'object' && v !== null && 'a' in v ? (v as { a: number }) : null)),
      { area: 'session' },
    );
    pending.set({ a: 1 });
    expect(sessionStorage.getItem('probePending')).toBe('{"a":1}');
    expect(localStorage.getItem('probePending')).toBeNull();
    expect(pending.get()).toEqual({ a: 1 });
  });

  it('hears another tab only when asked to', () => {
    const shared = storedValue('probeToken', text, { crossTab: true });
    const local = storedValue('probeOther', text);
    const sharedListener = vi.fn();
    const localListener = vi.fn();
    shared.subscribe(sharedListener);
    local.subscribe(localListener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'probeToken' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'probeOther' }));
    expect(sharedListener).toHaveBeenCalledOnce();
    expect(localListener).not.toHaveBeenCalled();
  });

  it('answers null and keeps going when storage refuses', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const value = storedValue('probeText', text);
    const listener = vi.fn();
    value.subscribe(listener);
    expect(() => value.set('x')).not.toThrow();
    expect(value.get()).toBeNull();
    expect(listener).toHaveBeenCalledOnce();
  });
});
