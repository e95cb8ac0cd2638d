import { onboardingLinkSchema, payoutAccountSchema } from '@domain/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSeller } from '../../plugins/session';
import type { PayoutAccounts } from './payout-accounts';

/** The nursery's payout account (GET) and "Connect with Stripe" (POST: a fresh onboarding link). Sellers only. */
export async function payoutAccountRoutes(
  app: FastifyInstance,
  { accounts }: { accounts: PayoutAccounts },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/payout-account',
    { config: { access: 'seller' }, schema: { response: { 200: payoutAccountSchema } } },
    async (request) => accounts.get(requireSeller(request).id),
  );
  r.post(
    '/payout-account',
    { config: { access: 'seller' }, schema: { response: { 200: onboardingLinkSchema } } },
    async (request) => accounts.connect(requireSeller(request).id),
  );
}
