/**
 * Refunds and transfers, done by claimed jobs (docs/decisions/0034-one-owner-for-money.md#the-moneys-way-told-once):
 * the transaction that cancels a paid shipment marks its refund due, the one that marks it delivered marks its
 * transfer due (queueRefundsForCancelledShipments, queueTransfersForDeliveredShipments); a pass of MoneyJobs claims
 * the due rows with FOR UPDATE SKIP LOCKED and a lease, commits, calls the provider with a key made from the
 * shipment, and records the result and the ledger. Two instances never act on one row; a row whose answer was lost
 * (its lease ran out while `sending`) is looked up before it is sent again; a refusal no retry will change leaves it
 * `unresolved` for a person, never sent twice; a transfer refused because the nursery's account may not be paid now
 * waits for the account (docs/decisions/0028-stripe-limits.md).
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/connect';
import { storePayoutAccount } from './payout-accounts';
import { AccountNotReady, type Provider, ProviderRefused } from './ports';
import { MONEY_HOLDING_PROVIDERS, providerList, providerLiteral } from './providers';

/** How many rows one pass claims of each kind. */
const BATCH = 20;

/**
 * The shipments `ids` of orders paid through a provider under which the marketplace holds the money (Stripe;
 * Provider.holdsMoney) whose money came in: those the marketplace holds money for.
 */
const heldFor = (ids: readonly number[]): SQL =>
  sql`ss.shipment_id = any(${sql.param([...ids])}::int[]) and ss.paid_at is not null
      and exists (select 1 from shipments s join payments p on p.order_id = s.order_id
                  where s.id = ss.shipment_id and p.provider in ${providerList(MONEY_HOLDING_PROVIDERS)})`;

/**
 * In the transaction that cancels these shipments (after their locks): the refund of each one paid by card falls
 * due, for MoneyJobs to send. A part paid directly has none to queue: its nursery sends it (DirectRefunds).
 */
export async function queueRefundsForCancelledShipments(
  tx: Tx,
  shipmentIds: readonly number[],
): Promise<void> {
  if (shipmentIds.length === 0) return;
  await tx.execute(
    sql`update shipment_settlements ss set refund_state = 'due'
        where ${heldFor(shipmentIds)} and ss.refund_state = 'none' and ss.transfer_state = 'none'`,
  );
}

/**
 * In the transaction that marks these shipments delivered: the transfer of its net to each one's nursery falls due,
 * for MoneyJobs to send, when the marketplace holds the money (an order paid by card).
 */
export async function queueTransfersForDeliveredShipments(
  tx: Tx,
  shipmentIds: readonly number[],
): Promise<void> {
  if (shipmentIds.length === 0) return;
  await tx.execute(
    sql`update shipment_settlements ss set transfer_state = 'due'
        where ${heldFor(shipmentIds)} and ss.transfer_state = 'none' and ss.refund_state = 'none'`,
  );
}

/** A claimed row: what to send, and whether an earlier claim may have sent it already. */
interface Claimed {
  shipmentId: number;
  orderId: number;
  sellerId: number;
  grossCents: number;
  netCents: number;
  commissionCents: number;
  chargeRef: string;
  accountRef: string | null;
  /** How many times the nursery's account refused the transfer before: its key names the attempt. */
  transferAttempt: number;
  /** The row was `sending` when claimed: an earlier claim's answer was lost. */
  retry: boolean;
}

type Kind = 'refund' | 'transfer';

export class MoneyJobs {
  constructor(
    private readonly db: Db,
    /** The provider in force: nothing to send when the marketplace holds no money under it (`direct`). */
    private readonly provider: Provider,
    private readonly log: {
      warn(details: object, message: string): void;
      error(details: object, message: string): void;
    },
    private readonly now: () => Date = () => new Date(),
    /** How long a claimed row is kept from the other instances while its call runs. */
    private readonly leaseMs = 5 * 60_000,
  ) {}

  /** One pass: the refunds due, then the transfers due. Answers how many of each were sent. */
  async run(): Promise<{ refunds: number; transfers: number }> {
    if (!this.provider.holdsMoney) return { refunds: 0, transfers: 0 };
    return { refunds: await this.pass('refund'), transfers: await this.pass('transfer') };
  }

  private async pass(kind: Kind): Promise<number> {
    let sent = 0;
    for (const row of await this.claim(kind)) {
      try {
        const ref = await this.send(kind, row);
        await this.finish(kind, row, ref);
        sent++;
      } catch (error) {
        if (error instanceof AccountNotReady && kind === 'transfer') {
          await this.waitForAccount(row, error);
        } else if (error instanceof ProviderRefused) {
          await this.mark(kind, row.shipmentId, 'unresolved');
          this.log.error(
            { err: error, shipmentId: row.shipmentId, kind },
            `the ${kind} of a shipment was refused by the payment provider: a person must look`,
          );
        } else {
          // Not answered: the lease runs out and a later pass looks it up before sending again.
          this.log.warn(
            { err: error, shipmentId: row.shipmentId, kind },
            `the ${kind} of a shipment did not go through`,
          );
        }
      }
    }
    return sent;
  }

  /**
   * Claims the due rows of a kind (and those `sending` whose lease ran out), skipping rows another instance holds:
   * each becomes `sending` with a lease, and the claim commits before any call. A transfer waits while its
   * nursery's account is not active.
   */
  private claim(kind: Kind): Promise<Claimed[]> {
    const state = sql.raw(`${kind}_state`);
    const at = sql`${this.now().toISOString()}::timestamptz`;
    return this.db.transaction(async (tx) =>
      queryRows<Claimed>(
        tx,
        sql`with due as (
              select ss.shipment_id, ss.${state} = 'sending' as retry
              from shipment_settlements ss
              where (ss.${state} = 'due' or (ss.${state} = 'sending' and ss.lease_until < ${at}))
                and exists (select 1 from shipments s join payments p on p.order_id = s.order_id
                            where s.id = ss.shipment_id and p.charge_ref is not null)
                ${
                  kind === 'transfer'
                    ? sql`and exists (select 1 from shipments s join seller_payout_accounts a on a.seller_id = s.seller_id
                                      where s.id = ss.shipment_id and a.provider = ${providerLiteral(this.provider.id)} and a.status = 'active')`
                    : sql``
                }
              order by ss.shipment_id
              limit ${BATCH}
              for update of ss skip locked
            ),
            claimed as (
              update shipment_settlements ss
              set ${state} = 'sending', lease_until = ${at} + make_interval(secs => ${this.leaseMs / 1000})
              from due where ss.shipment_id = due.shipment_id
              returning ss.shipment_id, ss.gross_cents, ss.net_cents, ss.commission_cents, ss.transfer_attempt,
                        due.retry
            )
            select c.shipment_id as "shipmentId", s.order_id as "orderId", s.seller_id as "sellerId",
                   c.gross_cents as "grossCents", c.net_cents as "netCents", c.commission_cents as "commissionCents",
                   p.charge_ref as "chargeRef", a.account_ref as "accountRef",
                   c.transfer_attempt as "transferAttempt", c.retry
            from claimed c
            join shipments s on s.id = c.shipment_id
            join payments p on p.order_id = s.order_id
            left join seller_payout_accounts a on a.seller_id = s.seller_id and a.provider = ${providerLiteral(this.provider.id)}
            order by c.shipment_id`,
      ),
    );
  }

  /** The provider's call, after looking up a row whose earlier answer was lost. Answers the provider's reference. */
  private async send(kind: Kind, row: Claimed): Promise<string> {
    const { payments, payouts } = this.provider;
    if (kind === 'refund') {
      if (row.retry) {
        const found = await payments.findRefund(row.chargeRef, row.shipmentId);
        if (found) return found.ref;
      }
      return (
        await payments.refund({
          chargeRef: row.chargeRef,
          cents: row.grossCents,
          shipmentId: row.shipmentId,
          key: `refund-shipment-${row.shipmentId}`,
        })
      ).ref;
    }
    if (row.retry) {
      const found = await payouts.findTransfer(row.orderId, row.shipmentId);
      if (found) return found.ref;
    }
    return (
      await payouts.transfer({
        orderId: row.orderId,
        shipmentId: row.shipmentId,
        attempt: row.transferAttempt,
        cents: row.netCents,
        accountRef: row.accountRef as string,
        chargeRef: row.chargeRef,
      })
    ).ref;
  }

  /** Records what was sent: the row `sent` with its reference, and the ledger's facts, once. */
  private async finish(kind: Kind, row: Claimed, ref: string): Promise<void> {
    const state = sql.raw(`${kind}_state`);
    const refColumn = sql.raw(`${kind}_ref`);
    await this.db.transaction(async (tx) => {
      const [done] = await queryRows<{ shipmentId: number }>(
        tx,
        sql`update shipment_settlements set ${state} = 'sent', ${refColumn} = ${ref}, lease_until = null
                   ${kind === 'refund' ? sql`, refunded_at = ${this.now().toISOString()}::timestamptz` : sql``}
            where shipment_id = ${row.shipmentId} and ${state} = 'sending'
            returning shipment_id as "shipmentId"`,
      );
      if (!done) return;
      const entry = (kindOf: string, cents: number, sellerId: number | null) =>
        sql`(${row.orderId}::int, ${row.shipmentId}::int, ${sellerId}::int, ${kindOf}::text, ${cents}::int, ${providerLiteral(this.provider.id)}, ${ref}::text)`;
      const entries =
        kind === 'refund'
          ? [entry('refund', row.grossCents, row.sellerId)]
          : [
              entry('transfer', row.netCents, row.sellerId),
              ...(row.commissionCents > 0 ? [entry('commission', row.commissionCents, null)] : []),
            ];
      await tx.execute(
        sql`insert into ledger_entries (order_id, shipment_id, seller_id, kind, amount_cents, provider, provider_ref)
            values ${sql.join(entries, sql`, `)}`,
      );
      if (kind === 'refund')
        await tx.execute(
          sql`update payments set refunded_cents = refunded_cents + ${row.grossCents}::int
              where order_id = ${row.orderId}`,
        );
    });
  }

  /**
   * A transfer the provider refused because the nursery's account may not be paid now (restricted before its
   * `account.updated` arrived): it goes back to `due` with its next attempt (a new key: Stripe keeps the refusal
   * under the old one, and made nothing under it), and the account's state is read again from the provider and
   * stored, so the claim (which takes only active accounts' transfers) leaves it until `account.updated`, or the
   * nursery's own look at its profile, says the account may be paid again; then the next pass sends it.
   */
  private async waitForAccount(row: Claimed, error: AccountNotReady): Promise<void> {
    await this.db.execute(
      sql`update shipment_settlements
          set transfer_state = 'due', lease_until = null, transfer_attempt = transfer_attempt + 1
          where shipment_id = ${row.shipmentId} and transfer_state = 'sending'`,
    );
    const accountRef = row.accountRef as string;
    let status: string | null = null;
    try {
      const account = await this.provider.payouts.account(accountRef);
      await storePayoutAccount(this.db, this.provider.id, account, this.now());
      status = account.status;
    } catch (err) {
      // Not read now: the transfer is due again, and the next pass tries (and reads) again.
      this.log.warn({ err, accountRef }, 'a payout account could not be read again');
    }
    this.log.warn(
      { err: error, shipmentId: row.shipmentId, accountRef, accountStatus: status },
      "the transfer of a shipment waits: the nursery's account may not be paid now",
    );
  }

  private async mark(kind: Kind, shipmentId: number, to: 'unresolved'): Promise<void> {
    const state = sql.raw(`${kind}_state`);
    await this.db.execute(
      sql`update shipment_settlements set ${state} = ${to}, lease_until = null
          where shipment_id = ${shipmentId} and ${state} = 'sending'`,
    );
  }
}
