import type { Sleep } from './waits';

/**
 * The account's budget of prediction creates: Replicate counts them per account and per minute,
 * whatever instance sends them. `take` waits until one more create fits, then counts it; a
 * deployment of several instances gives every client the same budget, kept in Redis.
 */
export interface CreateBudget {
  take(signal?: AbortSignal): Promise<void>;
}

/** A budget kept in this process alone: a sliding window of the creates it sent. */
export class LocalCreateBudget implements CreateBudget {
  /** When the creates of the current window were counted. */
  private readonly counted: number[] = [];

  constructor(
    private readonly perWindow: number,
    private readonly windowMs: number,
    private readonly sleep: Sleep,
  ) {}

  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = Date.now();
      while (this.counted.length > 0 && now - this.counted[0]! >= this.windowMs) this.counted.shift();
      if (this.counted.length < this.perWindow) {
        this.counted.push(now);
        return;
      }
      await this.sleep(this.counted[0]! + this.windowMs - now, signal);
    }
  }
}
