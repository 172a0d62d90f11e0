// through the shared singleton, never a relative path: a remote must not bundle a second core
import { api, errorMessage, isAbortError } from '@bet/web-shell/core';
import { useCallback, useEffect, useRef, useState } from 'react';

type Query = Record<string, string | number | boolean | null | undefined>;

export interface ApiState<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  /** loads again; the current data stays on screen meanwhile */
  reload: () => void;
  setData: (updater: T | ((prev: T | undefined) => T | undefined)) => void;
}

/** Loads a GET endpoint (silently: the page shows the error itself). `path` null = don't load. */
export function useApi<T>(path: string | null, query?: Query): ApiState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState<boolean>(path !== null);
  const [tick, setTick] = useState(0);
  const key = path === null ? null : `${path}?${JSON.stringify(query ?? {})}`;
  const queryRef = useRef(query);
  queryRef.current = query;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for path and query; `tick` forces a reload
  useEffect(() => {
    if (key === null || path === null) {
      setLoading(false);
      return;
    }
    const ctrl = new AbortController();
    setLoading(true);
    setError(null);
    api
      .get<T>(path, { query: queryRef.current, silent: true, signal: ctrl.signal })
      .then((d) => {
        setData(d);
        setLoading(false);
      })
      .catch((err) => {
        if (isAbortError(err)) return;
        setError(errorMessage(err));
        setLoading(false);
      });
    return () => ctrl.abort();
  }, [key, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload, setData: setData as ApiState<T>['setData'] };
}
