// Lookups already answered, for the words a reader types on (each key re-runs the query with
// the same words) and for the second listing of a query's lookups. Only a lookup whose every
// term was loaded is kept: its answer is then final. Bounded by count and by the sections held
// in arrays of their own (a lookup of one term shares its postings and costs nothing more).
import type { LookupResult } from './postings.ts';

const MAX_LOOKUPS = 2_000;
/** About 14 bytes each: a few MB at most. */
const MAX_OWN_SECTIONS = 300_000;

export class LookupCache {
  private readonly entries = new Map<string, LookupResult>();
  private ownSections = 0;

  get(key: string): LookupResult | undefined {
    return this.entries.get(key);
  }

  set(key: string, result: LookupResult): void {
    const cost = result.owned ? result.docs.length : 0;
    if (cost > MAX_OWN_SECTIONS) return;
    // The oldest go first.
    while (this.entries.size >= MAX_LOOKUPS || this.ownSections + cost > MAX_OWN_SECTIONS) {
      const [oldest, dropped] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      if (dropped.owned) this.ownSections -= dropped.docs.length;
    }
    this.entries.set(key, result);
    this.ownSections += cost;
  }

  clear(): void {
    this.entries.clear();
    this.ownSections = 0;
  }
}
