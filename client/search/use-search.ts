// The search status machine shared by the modal and the search page: idle → loading → stalled
// (after 300 ms without an answer) → idle, or error when no host (or the index) can be
// reached. Answers to older queries are dropped, and while a search is pending the last answer
// stays on screen, so results never flash.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClientSearchConfig } from '../../shared/types.ts';
import { getProvider } from './providers/index.ts';
import type { SearchRequest, SearchResponse } from './types.ts';

export type Status = 'idle' | 'loading' | 'stalled' | 'error';
export const STALL_THRESHOLD_MS = 300;

export type Answer = SearchResponse & { sections?: Record<string, number> };

export interface SearchState {
  status: Status;
  /** The query the answer belongs to. */
  query: string;
  answer?: Answer;
  error?: unknown;
}

export function useSearch(config: ClientSearchConfig) {
  const [state, setState] = useState<SearchState>({ status: 'idle', query: '' });
  const latest = useRef(0);
  const stall = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(stall.current), []);

  /** Runs a search; `merge` combines the new answer with the previous one (load more). */
  const run = useCallback(
    (request: SearchRequest, merge?: (previous: Answer | undefined, next: Answer) => Answer) => {
      const id = ++latest.current;
      window.clearTimeout(stall.current);
      if (!request.query.trim()) {
        setState({ status: 'idle', query: '' });
        return;
      }
      setState((s) => ({ ...s, status: 'loading' }));
      stall.current = window.setTimeout(() => {
        if (latest.current === id) setState((s) => ({ ...s, status: 'stalled' }));
      }, STALL_THRESHOLD_MS);
      getProvider(config)
        .then((provider) => provider.search(request))
        .then(
          (answer: Answer) => {
            if (latest.current !== id) return;
            window.clearTimeout(stall.current);
            setState((s) => ({ status: 'idle', query: request.query, answer: merge ? merge(s.answer, answer) : answer }));
          },
          (error: unknown) => {
            if (latest.current !== id) return;
            window.clearTimeout(stall.current);
            if ((error as Error)?.name !== 'RetryError') console.error('Search failed:', error);
            setState({ status: 'error', query: request.query, error });
          },
        );
    },
    [config],
  );

  /** Forgets the answer (the query was cleared). */
  const reset = useCallback(() => {
    latest.current++;
    window.clearTimeout(stall.current);
    setState({ status: 'idle', query: '' });
  }, []);

  return { ...state, run, reset };
}

/** Snippets are 10 words, 5 on screens 768 px wide or narrower (decided when the view mounts). */
export function snippetWordsForScreen(): number {
  return typeof window !== 'undefined' && window.matchMedia?.('(max-width: 768px)').matches ? 5 : 10;
}
