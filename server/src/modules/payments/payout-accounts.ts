/**
 * A nursery's account with the payout provider (docs/decisions/0021-payments.md#sellers-accounts): created once from
 * its profile ("Connect with Stripe") and never deleted, so the account's idempotency key, made from the nursery,
 * never mints a second one; its state refreshed from the provider whenever the nursery looks, so a missed
 * `account.updated` heals itself.
 */
import {
  PAYOUT_ACCOUNT_LABELS,
  PAYOUT_RETURN_PARAM,
  type PaymentProviderId,
  type PayoutAccountView,
} from '@domain/payments';
import { and, eq, sql } from 'drizzle-orm';
import type { PaymentSettings } from '../../config';
import type { Db, Tx } from '../../db/connect';
import { sellerPayoutAccounts, users } from '../../db/schema';
import { Conflict, Unavailable } from '../../errors';
import { sellerCanBePaid } from './payability';
import type { PayoutAccount, Provider } from './ports';
import { providerLiteral } from './providers';

export const PAID_DIRECTLY_HERE =
  'Buyers pay each nursery directly here: there is no account to connect, only your payment instructions';
/** The provider (by its capabilities' name) did not answer: the nursery may try again. */
export const providerDown = (name: string) =>
  `${name} could not be reached just now: please try again in a moment`;

export class PayoutAccounts {
  constructor(
    private readonly db: Db,
    private readonly settings: PaymentSettings,
    /** The provider in force: its payouts, when it has nurseries connect accounts (capabilities.payoutAccounts). */
    private readonly provider: Provider,
    private readonly log: { warn(details: object, message: string): void },
  ) {}

  /**
   * The nursery's account as the provider says it now (as last stored when the provider does not answer), and
   * whether buyers can pay it, by the rule checkout applies (payability.ts), read once the account is stored.
   */
  async get(sellerId: number): Promise<PayoutAccountView> {
    const { id, capabilities } = this.provider;
    const answer = async (account: PayoutAccountView['account']): Promise<PayoutAccountView> => ({
      provider: id,
      capabilities,
      account,
      takingOrders: await this.takingOrders(sellerId),
    });
    if (!capabilities.payoutAccounts) return answer(null);
    const [row] = await this.db
      .select()
      .from(sellerPayoutAccounts)
      .where(and(eq(sellerPayoutAccounts.sellerId, sellerId), eq(sellerPayoutAccounts.provider, id)));
    if (!row) return answer(null);
    let seen: PayoutAccount = { ref: row.accountRef, status: row.status, requirements: row.requirements };
    try {
      seen = await this.provider.payouts.account(row.accountRef);
      await this.store(seen);
    } catch (err) {
      this.log.warn({ err, sellerId }, 'a payout account could not be read again');
    }
    return answer(view(seen));
  }

  /** Whether buyers can pay the nursery under the provider in force (sellerCanBePaid). */
  private async takingOrders(sellerId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ ok: sellerCanBePaid(this.settings.provider, sql`${users}`) })
      .from(users)
      .where(eq(users.id, sellerId));
    return row?.ok === true;
  }

  /**
   * "Connect with Stripe": the nursery's account (made the first time), and a fresh onboarding link to it, which
   * brings the nursery back to its profile.
   */
  async connect(sellerId: number): Promise<{ url: string }> {
    if (!this.provider.capabilities.payoutAccounts) throw new Conflict(PAID_DIRECTLY_HERE);
    const { payouts } = this.provider;
    try {
      const [row] = await this.db
        .select({ accountRef: sellerPayoutAccounts.accountRef })
        .from(sellerPayoutAccounts)
        .where(eq(sellerPayoutAccounts.sellerId, sellerId));
      let accountRef = row?.accountRef;
      if (!accountRef) {
        const [seller] = await this.db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, sellerId));
        const made = await payouts.createAccount({ sellerId, email: seller?.email ?? '' });
        // Two clicks at once make one account (the key is the nursery's); the row keeps the first.
        await this.db
          .insert(sellerPayoutAccounts)
          .values({ sellerId, provider: payouts.id, accountRef: made.ref })
          .onConflictDoNothing();
        accountRef = made.ref;
      }
      const profile = `${this.settings.origin}/seller/profile`;
      return {
        url: await payouts.onboardingLink(accountRef, {
          refreshUrl: `${profile}?${PAYOUT_RETURN_PARAM}=refresh`,
          returnUrl: `${profile}?${PAYOUT_RETURN_PARAM}=return`,
        }),
      };
    } catch (err) {
      if (err instanceof Conflict) throw err;
      this.log.warn({ err, sellerId }, 'a payout account could not be connected');
      throw new Unavailable(providerDown(this.provider.capabilities.name));
    }
  }

  /** An account's state as the provider said it on a re-read: stored for checkout to see. */
  private async store(account: PayoutAccount): Promise<void> {
    await storePayoutAccount(this.db, this.provider.id, account, new Date());
  }
}

/**
 * An account's state as the provider said it (`account.updated`, or a re-read when the nursery looks), stored for
 * checkout and the transfers to see. Nothing for an account that is not ours. A change of its status changes whether
 * the nursery's listings can be ordered, which visitors' pages show: that statement notifies the page cache
 * (docs/decisions/0031-a-photo-or-an-image-url.md#taking-orders). Its WHERE is re-checked on the row it locks, so a
 * status another write stored meanwhile is compared, never one from before a wait; a re-read that changes nothing (a
 * nursery looking at its profile) leaves visitors' pages be.
 */
export async function storePayoutAccount(
  db: Db | Tx,
  provider: PaymentProviderId,
  account: PayoutAccount,
  at: Date,
): Promise<void> {
  await db.execute(sql`
    with changed as (
      update seller_payout_accounts set status = ${account.status}
      where provider = ${providerLiteral(provider)} and account_ref = ${account.ref} and status <> ${account.status}
      returning 1)
    select pg_notify('catalog_changed', '') from changed`);
  await db
    .update(sellerPayoutAccounts)
    .set({ status: account.status, requirements: account.requirements, updatedAt: at })
    .where(
      and(eq(sellerPayoutAccounts.provider, provider), eq(sellerPayoutAccounts.accountRef, account.ref)),
    );
}

function view(a: PayoutAccount): NonNullable<PayoutAccountView['account']> {
  return { status: a.status, label: PAYOUT_ACCOUNT_LABELS[a.status], requirements: a.requirements };
}
