import { useEffect, useRef, useState } from 'react';

/**
 * Code that loads the first time it is wanted (a menu's or a drawer's contents, which pull
 * large parts of MUI into the first page otherwise): `load` fetches it once, `get` answers
 * it once it is there. A failed load is forgotten, so the next `load` tries again.
 */
export type OnDemand<T> = { load(): Promise<T>; get(): T | undefined };

export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let loaded: { value: T } | undefined;
  let loading: Promise<T> | undefined;
  return {
    load() {
      loading ??= load().then(
        (value) => {
          loaded = { value };
          return value;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    get: () => loaded?.value,
  };
}

/**
 * The part once it is loaded; loading starts when it is first `wanted`. When that fails (a
 * network error; a deploy that replaced the chunk), `onFailed` lets the caller close what
 * it opened, and the part is fetched again the next time it is wanted.
 */
export function useOnDemand<T>(part: OnDemand<T>, wanted: boolean, onFailed: () => void): T | undefined {
  const [loaded, setLoaded] = useState(() => part.get());
  // The latest callback, without restarting the load each time the caller renders a new one.
  const failed = useRef(onFailed);
  useEffect(() => {
    failed.current = onFailed;
  });
  useEffect(() => {
    if (!wanted || loaded !== undefined) return;
    let current = true;
    part.load().then(
      (value) => {
        // The updater form: the value may itself be a function (a component).
        if (current) setLoaded(() => value);
      },
      (error: unknown) => {
        console.warn('A part of the interface could not be loaded', error);
        if (current) failed.current();
      },
    );
    return () => {
      current = false;
    };
  }, [part, wanted, loaded]);
  return loaded;
}
