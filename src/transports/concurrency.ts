/**
 * At most `limit` requests are served at once; a few more wait their turn for a short while,
 * the rest are turned away at once. Turning away early is what keeps memory flat under a flood:
 * a request that waits costs a socket, one that is served costs a server and its tools.
 */
export interface ConcurrencyGate {
  /** Resolves with a release function once the request may go ahead, or with null when it may not. */
  enter(): Promise<(() => void) | null>;
  /** Every place taken and the queue full: enter() would turn a request away now. */
  readonly full: boolean;
}

export interface GateOptions {
  limit: number;
  /** How many requests may wait for a free place. */
  queueLength: number;
  /** How long a request waits before it is turned away after all. */
  maxWaitMs: number;
}

export function createConcurrencyGate({ limit, queueLength, maxWaitMs }: GateOptions): ConcurrencyGate {
  let active = 0;
  const waiting: Array<(admitted: boolean) => void> = [];

  function release(): void {
    const next = waiting.shift();
    if (next) next(true);
    else active -= 1;
  }

  /** Hands out a release that counts only once, however often it is called. */
  function ticket(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
    };
  }

  return {
    get full() {
      return active >= limit && waiting.length >= queueLength;
    },
    async enter() {
      if (active < limit) {
        active += 1;
        return ticket();
      }
      if (waiting.length >= queueLength) return null;
      const admitted = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(settle), 1);
          resolve(false);
        }, maxWaitMs);
        function settle(admitted: boolean): void {
          clearTimeout(timer);
          resolve(admitted);
        }
        waiting.push(settle);
      });
      // A place handed over by release() stays counted in `active`.
      return admitted ? ticket() : null;
    },
  };
}
