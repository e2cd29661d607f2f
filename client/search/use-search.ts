// The search status machine shared by the modal and the search page: idle → loading → stalled
// (after 300 ms without an answer) → idle, or error when no host (or the index) can be
// reached. Answers to older queries are dropped, and while a search is pending the last answer
// stays on screen, so results never flash.
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { ClientSearchConfig } from '../../shared/types.ts';
import { getProvider } from './providers/index.ts';
import type { SearchRequest, SearchResponse } from './types.ts';

export type Status = 'idle' | 'loading' | 'stalled' | 'error';
export const STALL_THRESHOLD_MS = 300;

/** `rest`: the local provider answered with the first screenful only (see engine.ts LocalResponse). */
export type Answer = SearchResponse & { sections?: Record<string, number>; rest?: () => Promise<Answer> };

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
            // A transition renders in slices that give the browser turns (React's scheduler):
            // a page of 20 rows drawn in one go was one long task on a phone.
            startTransition(() => setState((s) => ({ status: 'idle', query: request.query, answer: merge ? merge(s.answer, answer) : answer })));
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

  /**
   * Replaces an answer that holds only the first screenful of its hits with the whole answer,
   * once the other hits' text is fetched, if it is still the answer shown.
   */
  const showRest = useCallback((answer: Answer) => {
    answer.rest?.().then(
      (whole) => setState((s) => (s.answer === answer ? { ...s, answer: whole } : s)),
      // The first screenful stays; the next query tries the files again.
      (error: unknown) => console.error('Search failed:', error),
    );
  }, []);

  /** Forgets the answer (the query was cleared). */
  const reset = useCallback(() => {
    latest.current++;
    window.clearTimeout(stall.current);
    setState({ status: 'idle', query: '' });
  }, []);

  return { ...state, run, reset, showRest };
}

/** A hit row is 56 px, or 78 with its heading path: rows are taken as 64 px tall on average. */
const ROW_HEIGHT = 64;

/**
 * Rows a results list shows before the reader scrolls: the modal's list is at most 640 px or
 * 80 % of the window tall, less its search bar and footer (about 120 px).
 */
export function firstScreenRows(height = window.innerHeight): number {
  return Math.max(1, Math.ceil((Math.min(640, 0.8 * height) - 120) / ROW_HEIGHT));
}

/** Snippets are 10 words, 5 on screens 768 px wide or narrower (decided when the view mounts). */
export function snippetWordsForScreen(): number {
  return typeof window !== 'undefined' && window.matchMedia?.('(max-width: 768px)').matches ? 5 : 10;
}
