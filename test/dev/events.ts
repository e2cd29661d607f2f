// A tiny server-sent-events reader for the dev server's live-reload stream.
import { get, type IncomingMessage } from 'node:http';

export interface DevEvent {
  event: string;
  data: Record<string, unknown>;
}

export class EventStream {
  readonly events: DevEvent[] = [];
  private response?: IncomingMessage;
  private waiters: { test: (e: DevEvent) => boolean; done: (e: DevEvent) => void }[] = [];

  static open(url: string): Promise<EventStream> {
    const stream = new EventStream();
    return new Promise((resolve, reject) => {
      get(url, (res) => {
        stream.response = res;
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (event && data) stream.push({ event, data: JSON.parse(data) });
          }
        });
        resolve(stream);
      }).on('error', reject);
    });
  }

  /** Resolves with the first event (already received or upcoming) that passes the test. */
  next(test: (e: DevEvent) => boolean, since = 0): Promise<DevEvent> {
    const seen = this.events.slice(since).find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((done) => this.waiters.push({ test, done }));
  }

  close(): void {
    this.response?.destroy();
  }

  private push(event: DevEvent): void {
    this.events.push(event);
    this.waiters = this.waiters.filter((w) => {
      if (!w.test(event)) return true;
      w.done(event);
      return false;
    });
  }
}
