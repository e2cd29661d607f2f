// Values that two callers ask for by the same key, each once, and that are too many to hold all
// at once: a cold build writes each markdown twin twice, as its own file and in llms-full.txt
// (./markdown-twins.ts). Making every twin for both took 3.3 s of the main thread at 50,000
// pages (a profile of its page phase), where the main thread bounds the page phase.
//
// The first call for a key makes the value and keeps it, the second takes it. Both callers go
// through the same keys in the same order, so what is kept is what lies between them. One caller
// leads (`lead`: llms-full.txt, a single write that would otherwise race ahead of the twins'
// files, which share the output's writes with every other file): once what it kept passes
// `keptBytes`, it waits until the other has taken half of it. The other (`take`) never waits:
// past `keptBytes` of its own it keeps nothing, and the leader makes those values again.
// The leader waits only for values it kept itself, which the other caller takes as it goes
// through its keys: so the other must be running meanwhile (the output writes both at once).
export class MadeOnce {
  private readonly kept = new Map<string, { bytes: Buffer; byLeader: boolean }>();
  private readonly asked = new Set<string>();
  private keptByLeader = 0;
  private keptByOther = 0;
  private roomMade?: () => void;

  constructor(
    private readonly make: (key: string) => Buffer,
    private readonly keptBytes: number,
  ) {}

  /** The leading caller's value of `key`; settles once there is room to keep more (see above). */
  async lead(key: string): Promise<Buffer> {
    const bytes = this.get(key, true);
    if (this.keptByLeader > this.keptBytes) await new Promise<void>((resolve) => (this.roomMade = resolve));
    return bytes;
  }

  /** The other caller's value of `key`. */
  take(key: string): Buffer {
    return this.get(key, false);
  }

  private get(key: string, byLeader: boolean): Buffer {
    const kept = this.kept.get(key);
    if (kept) {
      this.kept.delete(key);
      if (kept.byLeader) this.keptByLeader -= kept.bytes.byteLength;
      else this.keptByOther -= kept.bytes.byteLength;
      // At half the limit, so that the leader goes on for many values, not one at a time.
      if (this.roomMade && this.keptByLeader <= this.keptBytes / 2) {
        this.roomMade();
        this.roomMade = undefined;
      }
      return kept.bytes;
    }
    const bytes = this.make(key);
    // Kept only on the first call: after the second, none comes.
    const first = !this.asked.has(key);
    this.asked.add(key);
    if (first && byLeader) this.keptByLeader += bytes.byteLength;
    else if (first && this.keptByOther + bytes.byteLength <= this.keptBytes) this.keptByOther += bytes.byteLength;
    else return bytes;
    this.kept.set(key, { bytes, byLeader });
    return bytes;
  }
}
