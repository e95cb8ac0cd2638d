import { healthSchema } from '@domain/responses';
import { type IsoDate, shippingToday } from '@domain/shipping';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginOptions,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/connect';
import { AuthService, authRoutes } from './modules/accounts';
import { CartService, cartRoutes } from './modules/cart';
import {
  CAPPED_LIST_TTL_MS,
  CatalogIndex,
  CatalogService,
  catalogRoutes,
  Sitemaps,
  sitemapRoutes,
  storefrontRoutes,
} from './modules/catalog';
import { ListingService, listingRoutes, sellerListingRoutes } from './modules/listings';
import { NewsletterService, newsletterRoutes } from './modules/newsletter';
import { MailSender, NotificationService, notificationRoutes } from './modules/notifications';
import {
  OrderService,
  orderRoutes,
  PaymentEvents,
  PaymentWindow,
  SellerOrderService,
  sellerOrderRoutes,
} from './modules/orders';
import {
  AccountEvents,
  DirectRefunds,
  directRefundRoutes,
  MoneyJobs,
  PaymentsPass,
  PayoutAccounts,
  paymentProvider,
  payoutAccountRoutes,
  stripeWebhookRoutes,
} from './modules/payments';
import { createPhotoStore, mediaRoutes, PhotoService, photoRoutes } from './modules/photos';
import { ReviewService, reviewRoutes } from './modules/reviews';
import {
  AddressService,
  BlockedDestinations,
  DestinationSearches,
  SellerProfileService,
  ShippingCheckService,
  shippingRoutes,
} from './modules/shipping';
import { registerApiReference } from './plugins/api-reference';
import { registerClient } from './plugins/client';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './plugins/errors';
import { CATALOG_CHANGED, PageCache } from './plugins/page-cache';
import { purgeExpiredRateLimits, registerWriteLimit } from './plugins/rate-limit';
import { registerResponses } from './plugins/responses';
import { registerSecurity, securityHeaders } from './plugins/security';
import { registerAccess, registerSessions } from './plugins/session';

export interface BuildAppOptions {
  database: Database;
  config: Config;
  /** Fastify logger; off in tests. */
  logger?: boolean | { level: string };
  /** Today's date as the shipping rules count it (certificates expire); shippingToday unless a test controls it. */
  today?: () => IsoDate;
  /** The time shipments' steps are stamped with and the 14-day delivery rule counts from; a test may control it. */
  now?: () => Date;
  /** Hold every answer to its route's declared schema (a 500 when it differs): on in the API tests. */
  checkResponses?: boolean;
}

export interface App {
  server: FastifyInstance;
  /** Every route as registered (method, url and options: access rule, schemas); the fuzz test sends to each. */
  routes: readonly RouteOptions[];
  /**
   * Once before serving: recomputes every listing's blocked_to when the shipping rules changed since they were
   * computed (docs/database.md#what-keeps-blocked_to-right), and marks delivered the shipments the 14-day rule
   * has reached. Safe when several instances start at once.
   */
  startUp(): Promise<void>;
  /** Sends the notifications by email (start() it to run on a timer; sendDue() is one pass). */
  mail: MailSender;
  /** The refunds and transfers due when the marketplace holds the money (run() is one pass; maintenance runs it). */
  moneyJobs: MoneyJobs;
  /**
   * When a provider takes the buyers' money, every MONEY_JOBS_INTERVAL_SECONDS (start() it; run() is one pass): the
   * card payments still awaiting after 15 minutes looked up (a lost webhook), then the refunds and transfers due
   * sent. Nothing under the default.
   */
  paymentsPass: PaymentsPass;
  /** Counts the searches per destination (start() it to save them every minute; flush() saves them now). */
  searches: DestinationSearches;
  /** The visitors' pages kept (PAGE_CACHE_MB; undefined when off or no server renderer is built); tests read its stats. */
  pageCache: PageCache | undefined;
  /** The catalog's counts held in memory (docs/decisions/0041-catalog-facets-in-memory.md); tests wait for its build. */
  catalogIndex: CatalogIndex | undefined;
  /**
   * Periodic clean-up of expired sessions, throttle and write-limit counters, and forgotten devices; the
   * listings of sellers whose certificate expired since they were computed; shipments delivered by the 14-day
   * rule (docs/product.md#shipments); and the parts of orders not paid within their window, cancelled.
   */
  maintenance(): Promise<void>;
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5 no longer takes a hop count (a number now trusts no hop), so a count
 * becomes a function of the hop's index: the nearest `hops` addresses are proxies, the one before them the client.
 */
function fastifyTrustProxy(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** A module's routes, each tagged with its area (docs/architecture.md#areas) in the API reference. */
function area<O extends FastifyPluginOptions>(
  tag: string,
  routes: (app: FastifyInstance, options: O) => Promise<void>,
): FastifyPluginAsync<O> {
  return async (app, options) => {
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, tags: [tag] };
    });
    await routes(app, options);
  };
}

/** Builds the whole HTTP app over an open, migrated database. Tests call it in-process. */
export async function buildApp({
  database,
  config,
  logger = false,
  today,
  now,
  checkResponses = false,
}: BuildAppOptions): Promise<App> {
  const headers = securityHeaders(config);
  const { headersMs, requestMs, keepAliveMs } = config.timeouts;
  const server = Fastify({
    logger,
    bodyLimit: 64 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler(headers),
    // A client sending its headers or body a byte at a time is cut off with 408 (clientErrorHandler), and an
    // idle connection closed, so slow clients cannot hold the server's sockets. Node checks the first two only
    // every connectionsCheckingInterval, so that is a fraction of them.
    requestTimeout: requestMs,
    connectionTimeout: requestMs,
    keepAliveTimeout: keepAliveMs,
    http: {
      headersTimeout: headersMs,
      connectionsCheckingInterval: Math.max(50, Math.min(2000, Math.round(headersMs / 5))),
    },
    clientErrorHandler: clientErrorHandler(headers),
  });
  // An answer given before the request's body has arrived (a 403 from the Origin check, say) closes the connection:
  // the rest of the body is not waited for, and the time limit cannot add a second answer after the first.
  server.addHook('onSend', (request, reply, payload, done) => {
    if (request.raw.complete === false) reply.header('connection', 'close');
    done(null, payload);
  });
  registerAccess(server);
  // A copy: Fastify goes on changing the options it passed (the url, for a prefix's '/' route).
  const routes: RouteOptions[] = [];
  server.addHook('onRoute', (route) => {
    routes.push({ ...route });
  });
  server.setValidatorCompiler(validatorCompiler);
  registerResponses(server, { check: checkResponses });
  await registerApiReference(server, { page: !config.production });
  registerErrorHandling(server);
  await registerSecurity(server, config);
  const sessions = await registerSessions(server, database.db, config);
  await registerWriteLimit(server, database.db, config);
  const auth = new AuthService(database.db, config);

  // The catalog's counts held in memory, fed by the notifications below (docs/decisions/0041-catalog-facets-in-memory.md).
  const catalogIndex = config.catalogIndex
    ? new CatalogIndex(database.db, {
        channel: CATALOG_CHANGED,
        reads: database.catalogDb,
        onError: (err) =>
          server.log.warn({ err }, 'the catalog index could not be built or fed; the catalog counts in SQL'),
      })
    : undefined;
  server.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Whether the server answers, on which database, and whether its catalog index is built',
        operationId: 'getHealth',
        tags: ['health'],
        response: { 200: healthSchema },
      },
    },
    async () => ({
      status: 'ok' as const,
      database: database.kind,
      catalogIndex: !catalogIndex
        ? ('off' as const)
        : catalogIndex.ready
          ? ('ready' as const)
          : ('building' as const),
    }),
  );
  await server.register(area('accounts', authRoutes), { prefix: '/api/auth', auth, sessions });
  await server.register(area('cart', cartRoutes), {
    prefix: '/api/cart',
    cart: new CartService(database.db, config.payments.provider),
  });
  const catalog = new CatalogService(database.db, database.catalogDb, config.payments.provider, {
    index: catalogIndex,
  });
  const blocked = new BlockedDestinations(database.db, today);
  const listings = new ListingService(database.db, catalog, blocked);
  const searches = new DestinationSearches(database.db, today);
  await server.register(area('catalog', catalogRoutes), {
    prefix: '/api/products',
    catalog,
    searchedFor: (state) => searches.count(state),
  });
  await server.register(area('catalog', storefrontRoutes), { prefix: '/api/sellers', catalog });
  await server.register(area('listings', listingRoutes), { prefix: '/api/products', listings });
  await server.register(area('reviews', reviewRoutes), {
    prefix: '/api/products',
    reviews: new ReviewService(database.db),
  });
  await server.register(area('listings', sellerListingRoutes), { prefix: '/api/seller', listings });
  const photoStore = createPhotoStore(config);
  const photos = new PhotoService(database.db, photoStore, server.log, config.photoQueue);
  await server.register(area('photos', photoRoutes), { prefix: '/api/products', photos });
  await server.register(mediaRoutes, { store: photoStore });
  await server.register(sitemapRoutes, {
    sitemaps: new Sitemaps(database.db),
    publicOrigin: config.publicOrigin,
  });
  // Who takes the money and pays the nurseries, by the id PAYMENTS_PROVIDER names (`direct` by default: nothing to
  // call): docs/decisions/0035-payment-providers.md.
  const provider = paymentProvider(config.payments);
  const sellerOrders = new SellerOrderService(database.db, now);
  const paymentWindow = new PaymentWindow(database.db, now);
  const moneyJobs = new MoneyJobs(database.db, provider, server.log, now, config.payments.jobs.leaseMs);
  await server.register(area('orders', sellerOrderRoutes), { prefix: '/api/seller', sellerOrders });
  await server.register(area('orders', orderRoutes), {
    prefix: '/api/orders',
    orders: new OrderService(database.db, today, now, config.payments, provider.payments, server.log),
  });
  // The provider's webhooks, when the marketplace holds the money (Stripe): signed, so exempt from the Origin check
  // (plugins/security.ts).
  let paymentEvents: PaymentEvents | null = null;
  if (provider.holdsMoney) {
    paymentEvents = new PaymentEvents(database.db, provider.payments, now);
    const accountEvents = new AccountEvents(database.db, provider.payouts, now);
    await server.register(area('payments', stripeWebhookRoutes), {
      prefix: '/api/payments',
      payments: provider.payments,
      payouts: provider.payouts,
      onPaymentEvent: (event, log) => (paymentEvents as PaymentEvents).handle(event, log),
      onAccountEvent: (event, log) => accountEvents.handle(event, log),
    });
  }
  await server.register(area('shipping', shippingRoutes), {
    prefix: '/api',
    addresses: new AddressService(database.db),
    checks: new ShippingCheckService(database.db, today),
    sellerProfiles: new SellerProfileService(database.db, blocked, searches, auth.names, today),
  });
  await server.register(area('notifications', notificationRoutes), {
    prefix: '/api/notifications',
    notifications: new NotificationService(database.db),
  });
  await server.register(area('payments', payoutAccountRoutes), {
    prefix: '/api/seller',
    accounts: new PayoutAccounts(database.db, config.payments, provider, server.log),
  });
  // A nursery paid directly records the refund of a part cancelled after it was paid: docs/decisions/0027-direct-refunds.md.
  await server.register(area('payments', directRefundRoutes), {
    prefix: '/api/seller',
    refunds: new DirectRefunds(database.db, now),
    readShipment: (sellerId: number, id: number) => sellerOrders.shipment(sellerId, id),
  });
  const mail = new MailSender(database.db, config.mail, server.log, now);
  await server.register(area('newsletter', newsletterRoutes), {
    prefix: '/api/newsletter',
    newsletter: new NewsletterService(database.db),
  });

  // Card payments' own pass (on its timer when a provider takes the money, and in the maintenance): the payments a
  // lost webhook left awaiting looked up, then the refunds and transfers due sent.
  const paymentsPass = new PaymentsPass(
    paymentEvents,
    moneyJobs,
    server.log,
    config.payments.jobs.intervalMs,
  );

  // Visitors' pages, kept until a change to what they show commits anywhere (docs/decisions/0025-page-cache.md).
  let pageCache =
    config.pageCacheBytes > 0
      ? new PageCache(config.pageCacheBytes, today ?? (() => shippingToday()), {
          // The catalog's broad lists and facets kept from before a change, and a moment for a render that kept
          // one just as the change committed.
          lagMs: CAPPED_LIST_TTL_MS + 5_000,
        })
      : undefined;
  const renders = await registerClient(server, config.clientDir, config.publicOrigin, pageCache);
  if (!renders) pageCache = undefined;
  // A change to the catalog, committed anywhere: the page cache drops its pages, the index counts the listings named.
  // A sync notification (the index's, from any instance) changes nothing.
  const cache = pageCache;
  const unlisten = await database.listen(CATALOG_CHANGED, {
    notified: (payload) => {
      catalogIndex?.heard(payload);
      if (!CatalogIndex.isSync(payload)) cache?.invalidate();
    },
    listening: (on) => {
      catalogIndex?.setListening(on);
      cache?.setListening(on);
    },
  });
  server.addHook('onClose', () => unlisten());
  return {
    server,
    routes,
    mail,
    searches,
    pageCache,
    catalogIndex,
    async startUp() {
      if (await auth.names.rebuild())
        server.log.info(
          "display names' keys computed again: no two members are shown by names that read alike",
        );
      if (await blocked.applyRules())
        server.log.info('shipping rules changed: where every listing may ship was computed again');
      // Shipments that passed the 14-day rule while no instance ran.
      await sellerOrders.deliverUnconfirmed();
      await sellerOrders.remindLate();
      await sellerOrders.releaseHolds();
    },
    async maintenance() {
      // Each step on its own: one that fails is logged and the next ones still run, so a failure (a dropped
      // connection, a lock conflict) in one costs the others nothing. It rejects at the end, naming the failed steps.
      const steps: Array<[string, () => Promise<unknown>]> = [
        ['expired sessions', () => sessions.purgeExpired()],
        ['expired sign-in throttles', () => auth.throttle.purgeExpired()],
        ['forgotten devices', () => auth.devices.purgeExpired()],
        ['expired write limits', () => purgeExpiredRateLimits(database.db)],
        ['expired certificates', () => blocked.pickUpExpiredCertificates()],
        ['the 14-day delivery', () => sellerOrders.deliverUnconfirmed()],
        ['the handling-time reminder', () => sellerOrders.remindLate()],
        ['the weather holds that ended', () => sellerOrders.releaseHolds()],
        ['the payments pass', () => paymentsPass.run()],
        ['the unpaid window', () => paymentWindow.expireUnpaid()],
        ['expired photo upload holds', () => photos.purgeExpiredHolds()],
        ['the photo sweep', () => photos.sweep()],
      ];
      const failed: Array<{ step: string; err: unknown }> = [];
      for (const [step, run] of steps) {
        try {
          await run();
        } catch (err) {
          server.log.error({ err, step }, `maintenance: ${step} failed; the next steps still run`);
          failed.push({ step, err });
        }
      }
      if (failed.length > 0)
        throw new AggregateError(
          failed.map((f) => f.err),
          `maintenance: ${failed.map((f) => f.step).join(', ')} failed`,
        );
    },
    paymentsPass,
    moneyJobs,
  };
}
