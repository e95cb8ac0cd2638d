// The payments module's public face (docs/architecture.md#import-rules): the ports and their providers.
export * from './ports';
export { type StripeSettings, stripeClient, stripePayments, stripePayouts } from './stripe/stripe-providers';
