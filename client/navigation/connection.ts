// Whether the reader's connection allows fetching ahead what they may not open (prefetched
// pages, the sidebar fragment): not on 2g/slow-2g connections, nor with data saver on.

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

export function prefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !(connection?.saveData || connection?.effectiveType?.includes('2g'));
}
