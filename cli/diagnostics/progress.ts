// What a long build is doing, for the person waiting on it. On a terminal one status line is
// redrawn in place ("Rendering markdown 120/412") and wiped when the work is done; without one
// (CI logs, pipes) each phase prints one plain line when it starts; --quiet prints nothing.
// Redraws happen only when the text changes (a new phase or a new percentage), never on a timer.

export interface Progress {
  /** A new phase of the work; `total` when it counts items. */
  phase(label: string, total?: number): void;
  /** `done` items of the current phase are finished (never goes backwards). */
  count(done: number): void;
  /** Clears the status line; call before printing anything else to the same terminal. */
  done(): void;
}

export const silentProgress: Progress = { phase() {}, count() {}, done() {} };

interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export function createProgress(options: { quiet?: boolean; stream?: ProgressStream } = {}): Progress {
  if (options.quiet) return silentProgress;
  const stream = options.stream ?? process.stderr;
  return stream.isTTY ? new TerminalProgress(stream) : new PlainProgress(stream);
}

class PlainProgress implements Progress {
  constructor(private readonly stream: ProgressStream) {}
  phase(label: string, total?: number): void {
    this.stream.write(`${total === undefined ? label : `${label} (${total} pages)`}…\n`);
  }
  count(): void {}
  done(): void {}
}

class TerminalProgress implements Progress {
  private label = '';
  private total?: number;
  private finished = 0;
  private shown = '';

  constructor(private readonly stream: ProgressStream) {}

  phase(label: string, total?: number): void {
    this.label = label;
    this.total = total;
    this.finished = 0;
    this.draw();
  }

  count(done: number): void {
    if (done <= this.finished) return;
    const percent = (n: number) => Math.floor((n * 100) / (this.total || 1));
    const redraw = percent(done) !== percent(this.finished) || done === this.total;
    this.finished = done;
    if (redraw) this.draw();
  }

  done(): void {
    if (this.shown) this.stream.write('\r\x1b[2K');
    this.shown = '';
  }

  private draw(): void {
    const { total, finished } = this;
    let text = `${this.label}…`;
    if (total) {
      const width = 20;
      const filled = Math.round((Math.min(finished, total) / total) * width);
      text = `${this.label} ${'█'.repeat(filled)}${'░'.repeat(width - filled)} ${finished}/${total}`;
    }
    // Cut to the terminal's width: a wrapped line could not be redrawn in place.
    text = text.slice(0, Math.max(10, (this.stream.columns || 80) - 1));
    if (text === this.shown) return;
    this.shown = text;
    this.stream.write(`\r\x1b[2K${text}`);
  }
}
