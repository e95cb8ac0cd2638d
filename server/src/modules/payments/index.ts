// The payments module's public face (docs/architecture.md#import-rules): the ports and their providers, and every
// write to the money's tables, each named by its money effect (docs/decisions/0034-one-owner-for-money.md).

export { AccountEvents } from './account-events';
export { DirectRefunds, REFUND_MESSAGES } from './direct-refunds';
export {
  MoneyJobs,
  queueRefundsForCancelledShipments,
  queueTransfersForDeliveredShipments,
} from './money-jobs';
export { type NewOrderMoney, newOrderMoneySql, splitNewOrder } from './order-money';
export { cannotBePaid, isHeld, isPaid, SOME_CANNOT_BE_PAID, sellerCanBePaid } from './payability';
export {
  chargeCoversOrder,
  holdShortPayment,
  type PaymentReceived,
  paymentAfterLocks,
  paymentPageOf,
  recordOrderPaid,
  recordPaymentEvent,
  recordPaymentPage,
  recordPaymentReceived,
} from './payment-records';
export { PaymentsPass, type Reconciler } from './payments-pass';
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
