// Suggestions for the no-results screen: the group (lvl0) names of the widest answer so far.
import { useEffect, useState } from 'react';
import { plainText } from '../markup.ts';
import type { Answer, Status } from '../use-search.ts';

export function useSuggestions(answer: Answer | undefined, status: Status): string[] {
  const [suggestions, setSuggestions] = useState<string[]>([]);
  useEffect(() => {
    if (!answer || status !== 'idle') return;
    const names = [...new Set(answer.hits.map((h) => plainText(h._highlightResult?.hierarchy?.lvl0?.value ?? h.hierarchy.lvl0)))];
    setSuggestions((current) => (names.length > current.length ? names : current));
  }, [answer, status]);
  return suggestions;
}
