/**
 * The card payments' own pass (docs/decisions/0034-one-owner-for-money.md): the payments a lost webhook left awaiting
 * looked up at the provider (the reconciliation), then the refunds and transfers due sent (MoneyJobs). It runs every
 * MONEY_JOBS_INTERVAL_SECONDS when a provider holds the buyers' money, and in the hourly maintenance; under the
 * default, where each nursery is paid directly, it has nothing to do and no timer runs.
 */
import type { MoneyJobs } from './money-jobs';
import type { EventLog } from './ports';

/** What reconciles the payments a lost webhook left awaiting: the orders module's PaymentEvents. */
export interface Reconciler {
  reconcile(log: EventLog): Promise<number>;
}

export class PaymentsPass {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    /** Null when no provider takes the buyers' money (the default): nothing to look up, nothing to send. */
    private readonly payments: Reconciler | null,
    private readonly jobs: MoneyJobs,
    private readonly log: EventLog,
    /** How often the timer runs a pass. */
    private readonly intervalMs: number,
  ) {}

  /** One pass: the awaiting payments looked up first, so a part paid whose event was lost is sent, not held back. */
  async run(): Promise<void> {
    await this.payments?.reconcile(this.log);
    await this.jobs.run();
  }

  /** Runs a pass every interval when a provider takes the buyers' money; a failed pass is logged, the next runs. */
  start(): void {
    if (!this.payments || this.timer) return;
    this.timer = setInterval(() => {
      this.run().catch((err) => this.log.warn({ err }, 'the payments pass failed'));
    }, this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
