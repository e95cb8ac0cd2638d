/**
 * Connect's `account.updated` (docs/decisions/0021-payments.md#sellers-accounts): a nursery's Stripe account changed,
 * so its payout account's state is read again from Stripe (never from the event's body) and kept in
 * seller_payout_accounts: pending, active or restricted, with what Stripe asks for. An account that is not one of
 * ours is acknowledged and changes nothing; an event already handled changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { paymentEvents, sellerPayoutAccounts } from '../../db/schema';
import { storePayoutAccount } from './payout-accounts';
import type { AccountEvent, EventLog, PayoutProvider } from './ports';

export class AccountEvents {
  constructor(
    private readonly db: Db,
    private readonly payouts: PayoutProvider,
    /** The time a change is stamped with; a test may control it. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  async handle(event: AccountEvent, log: EventLog): Promise<void> {
    const about = { event: event.id, account: event.accountRef };
    if (event.kind !== 'account-updated' || !event.accountRef) {
      log.info(about, 'Connect event of a type not acted on: acknowledged');
      return;
    }
    const ref = event.accountRef;
    const [ours] = await this.db
      .select({ sellerId: sellerPayoutAccounts.sellerId })
      .from(sellerPayoutAccounts)
      .where(
        and(eq(sellerPayoutAccounts.provider, this.payouts.id), eq(sellerPayoutAccounts.accountRef, ref)),
      );
    if (!ours) {
      log.warn(about, 'Connect event for an account that is not ours: acknowledged, nothing changed');
      return;
    }
    // Stripe's word on the account now, read before the transaction: no network call while a row is locked.
    const account = await this.payouts.account(ref);
    const changed = await this.db.transaction(async (tx) => {
      const first = await tx
        .insert(paymentEvents)
        .values({ provider: this.payouts.id, eventId: event.id, type: event.kind })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      if (first.length === 0) return false;
      await storePayoutAccount(tx, this.payouts.id, account, this.now());
      return true;
    });
    if (!changed) log.info(about, 'Connect event already handled: acknowledged, nothing changed');
    else
      log.info(
        { ...about, seller: ours.sellerId, status: account.status, requirements: account.requirements },
        'payout account updated',
      );
  }
}
