// Remembers which Algolia hosts failed, so the next searches skip a host marked down (or timed
// out) until 120 s have passed, then try it again. The algoliasearch client has this retry
// strategy, but its default caches key a host by its whole state object, so a mark written
// after a failure is never found again; this cache keys hosts by address instead and rebuilds
// the state the transporter expects.
export const HOST_DOWN_MS = 120_000;

type Status = 'up' | 'down' | 'timed out';

interface HostLike {
  url: string;
  port?: number;
  protocol: string;
  accept: string;
  status?: Status;
  lastUpdate?: number;
}

interface StatefulHost extends HostLike {
  status: Status;
  lastUpdate: number;
  isUp: () => boolean;
  isTimedOut: () => boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: the algoliasearch client's own key type
type CacheKey = Record<string, any> | string;

const keyOf = (key: CacheKey) => {
  const host = (typeof key === 'string' ? { url: key, protocol: '', accept: '' } : key) as HostLike;
  return hostKey(host);
};

const hostKey = (host: HostLike) => `${host.protocol}://${host.url}:${host.port ?? ''}/${host.accept}`;

function restore(key: CacheKey, status: Status, lastUpdate: number): StatefulHost {
  const { url, port, protocol, accept } = key as HostLike;
  return {
    url,
    ...(port === undefined ? {} : { port }),
    protocol,
    accept,
    status,
    lastUpdate,
    isUp: () => status === 'up' || Date.now() - lastUpdate > HOST_DOWN_MS,
    isTimedOut: () => status === 'timed out' && Date.now() - lastUpdate <= HOST_DOWN_MS,
  };
}

/** A hostsCache for liteClient (the client's Cache interface, used for host states only). */
export function createHostStateCache() {
  const states = new Map<string, { status: Status; lastUpdate: number }>();
  return {
    async get<T>(key: CacheKey, defaultValue: () => Promise<T>, events?: { miss: (value: T) => Promise<unknown> }): Promise<T> {
      const state = states.get(keyOf(key));
      if (state) return restore(key, state.status, state.lastUpdate) as unknown as T;
      const value = await defaultValue();
      await events?.miss(value);
      return value;
    },
    async set<T>(key: CacheKey, value: T): Promise<T> {
      const host = value as unknown as HostLike;
      states.set(keyOf(key), { status: host.status ?? 'up', lastUpdate: host.lastUpdate ?? Date.now() });
      return value;
    },
    async delete(key: CacheKey): Promise<void> {
      states.delete(keyOf(key));
    },
    async clear(): Promise<void> {
      states.clear();
    },
  };
}
