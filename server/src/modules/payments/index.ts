// The payments module's public face (docs/architecture.md#import-rules): the ports and their providers.

export { AccountEvents } from './account-events';
export { DirectRefunds, REFUND_MESSAGES } from './direct-refunds';
export { MoneyJobs, queueRefunds, queueTransfers } from './money-jobs';
export { cannotBePaid, isHeld, isPaid, SOME_CANNOT_BE_PAID, sellerCanBePaid } from './payability';
export { PayoutAccounts } from './payout-accounts';
export * from './ports';
export { capabilitiesOf, holdsMoney, paymentProvider } from './providers';
export { directRefundRoutes, payoutAccountRoutes } from './routes';
export {
  STRIPE_LIMITS,
  type StripeSettings,
  stripeClient,
  stripePayments,
  stripePayouts,
} from './stripe/stripe-providers';
export { orderPaymentView, type ShipmentMoney, shipmentPaymentView } from './views';
export { BAD_SIGNATURE, stripeWebhookRoutes, type WebhookRoutesOptions } from './webhook-routes';
