/**
 * One value kept in the browser's storage under one key: read, written and watched in
 * one place. Storage can be missing or refuse writes (private windows, quotas, blocked
 * cookies); then reads answer null and writes last only as long as the page, which every
 * caller accepts. A value that no longer parses (an old format, a hand edit) reads as null.
 */
export type StoredValue<T> = {
  get(): T | null;
  /** null removes the key. */
  set(value: T | null): void;
  /** Called after every `set` in this tab and, with `crossTab`, when another tab changes the key. */
  subscribe(listener: () => void): () => void;
};

/** How a value is written as a string and read back; `parse` answers null for anything invalid. */
export type Codec<T> = { parse(raw: string): T | null; format(value: T): string };

export const text: Codec<string> = { parse: (raw) => raw || null, format: (value) => value };

/** A database id: a positive integer. */
export const positiveId: Codec<number> = {
  parse: (raw) => {
    const id = Number(raw);
    return Number.isInteger(id) && id > 0 ? id : null;
  },
  format: String,
};

/** A flag that is on when stored as 'true'; off is written as no key at all. */
export const flag: Codec<true> = { parse: (raw) => (raw === 'true' ? true : null), format: () => 'true' };

/** One of a fixed list of strings. */
export const oneOf = <const V extends string>(values: readonly V[]): Codec<V> => ({
  parse: (raw) => values.find((value) => value === raw) ?? null,
  format: (value) => value,
});

/** JSON checked by `read`, which answers null for a shape it does not accept. */
export const json = <T>(read: (value: unknown) => T | null): Codec<T> => ({
  parse: (raw) => {
    try {
      return read(JSON.parse(raw));
    } catch {
      return null;
    }
  },
  format: (value) => JSON.stringify(value),
});

type Options = {
  /** sessionStorage keeps the value for this tab only. */
  area?: 'local' | 'session';
  /** Listen to other tabs' changes of the key (localStorage only). */
  crossTab?: boolean;
};

export function storedValue<T>(
  key: string,
  codec: Codec<T>,
  { area = 'local', crossTab = false }: Options = {},
): StoredValue<T> {
  const storage = () => (area === 'local' ? window.localStorage : window.sessionStorage);
  const listeners = new Set<() => void>();

  return {
    get() {
      try {
        const raw = storage().getItem(key);
        return raw === null ? null : codec.parse(raw);
      } catch {
        return null;
      }
    },
    set(value) {
      try {
        if (value === null) storage().removeItem(key);
        else storage().setItem(key, codec.format(value));
      } catch {
        // Without storage the value lasts as long as the page does.
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        // key null: the other tab cleared the whole storage.
        if (event.key === key || event.key === null) listener();
      };
      if (crossTab) window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (crossTab) window.removeEventListener('storage', onStorage);
      };
    },
  };
}
