// Maps over a list with an async function, at most `limit` calls under way at once, keeping
// the order of the list in the result. Used where each call holds an operating-system
// resource: reading every page of a 50,000-page site at once opened more files than the
// process may (EMFILE, "too many files are open"), while a few dozen reads at a time keep
// Node's four file-system threads just as busy.
export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
