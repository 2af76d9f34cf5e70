/**
 * At most `limit` tasks at once, at most `queueLimit` more waiting for a slot;
 * past that, no entry at all — the caller answers "busy" at once instead of
 * piling up work. Per process: each server instance has its own.
 */
export interface GateTicket {
  /** Settles when the slot is this ticket's (at once when one was free). */
  ready: Promise<void>;
  /** Frees the slot, or the place in the queue; once is enough, more are ignored. */
  leave(): void;
}

export class GateConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GateConfigurationError";
  }
}

export class ConcurrencyGate {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    readonly limit: number,
    readonly queueLimit: number,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new GateConfigurationError(`limit must be a whole number above 0, not ${limit}`);
    if (!Number.isInteger(queueLimit) || queueLimit < 0) throw new GateConfigurationError(`queueLimit must be a whole number, not ${queueLimit}`);
  }

  /** Tasks holding a slot and tasks waiting for one. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  /** Whether tryEnter would refuse now: every slot taken and the queue full. */
  get full(): boolean {
    return this.running >= this.limit && this.queue.length >= this.queueLimit;
  }

  /** A slot now, a place in the queue, or null when both are full. */
  tryEnter(): GateTicket | null {
    if (this.running < this.limit) {
      this.running++;
      return this.ticket(Promise.resolve(), () => this.release());
    }
    if (this.queue.length >= this.queueLimit) return null;
    let started = false;
    let start!: () => void;
    const ready = new Promise<void>((resolve) => {
      start = () => {
        started = true;
        resolve();
      };
    });
    this.queue.push(start);
    return this.ticket(ready, () => {
      if (started) return this.release();
      const index = this.queue.indexOf(start);
      if (index >= 0) this.queue.splice(index, 1);
    });
  }

  private ticket(ready: Promise<void>, onLeave: () => void): GateTicket {
    let left = false;
    return {
      ready,
      leave() {
        if (left) return;
        left = true;
        onLeave();
      },
    };
  }

  /** The slot passes straight to the first in the queue, or is freed. */
  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running--;
  }
}
