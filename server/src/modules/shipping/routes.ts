import { noContent } from '@domain/responses';
import { ADDRESS_MESSAGES, addressSchema, ZIP_PATTERN } from '@domain/shipping/addresses';
import { shippingCheckQuerySchema } from '@domain/shipping/check';
import {
  addressResponseSchema,
  hardinessZonePlaceSchema,
  missedDestinationSchema,
  sellerProfileResponseSchema,
  shippingCheckSchema,
  zipPlaceSchema,
} from '@domain/shipping/responses';
import { sellerProfileSchema } from '@domain/shipping/seller-profile';
import { ZONE_MESSAGES } from '@domain/shipping/zones';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../http/error-answers';
import { idParams } from '../../http/params';
import { requireUser } from '../../plugins/session';
import type { AddressService } from './address-service';
import type { SellerProfileService } from './seller-profile-service';
import type { ShippingCheckService } from './shipping-check-service';

const addressParams = idParams('Address');
const zipParams = z.object({ zip: z.string().regex(ZIP_PATTERN, { error: ADDRESS_MESSAGES.zip }) });
/** GET /api/zones/:zip's parameter: five digits, nothing else. */
const zoneParams = z.object({ zip: z.string().regex(/^\d{5}$/, { error: ZONE_MESSAGES.zip }) });

/**
 * The shipping area's calls, mounted under /api (docs/product.md#calls): the signed-in user's address book
 * (visitors get 401 before anything they sent is read; another user's address is 404), and the ZIP lookup the
 * address form uses to suggest the city, open to anyone; the shipping check; and the seller's shipping profile.
 */
export async function shippingRoutes(
  app: FastifyInstance,
  {
    addresses,
    checks,
    sellerProfiles,
  }: {
    addresses: AddressService;
    checks: ShippingCheckService;
    sellerProfiles: SellerProfileService;
  },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/addresses',
    {
      config: { access: 'user' },
      schema: {
        summary: "The user's saved addresses",
        operationId: 'listAddresses',
        response: { 200: z.array(addressResponseSchema) },
      },
    },
    async (request) => addresses.list(requireUser(request).id),
  );

  r.post(
    '/addresses',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Save an address',
        operationId: 'createAddress',
        body: addressSchema,
        response: { 201: addressResponseSchema, ...errors(409) },
      },
    },
    async (request, reply) => {
      const address = await addresses.create(requireUser(request).id, request.body);
      return reply.code(201).send(address);
    },
  );

  r.get(
    '/addresses/:id',
    {
      config: { access: 'user' },
      schema: {
        summary: 'One saved address',
        operationId: 'getAddress',
        params: addressParams,
        response: { 200: addressResponseSchema },
      },
    },
    async (request) => addresses.get(requireUser(request).id, request.params.id),
  );

  r.put(
    '/addresses/:id',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Change a saved address',
        operationId: 'updateAddress',
        params: addressParams,
        body: addressSchema,
        response: { 200: addressResponseSchema },
      },
    },
    async (request) => addresses.update(requireUser(request).id, request.params.id, request.body),
  );

  r.delete(
    '/addresses/:id',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Delete a saved address',
        operationId: 'deleteAddress',
        params: addressParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await addresses.delete(requireUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  // Where a ZIP code is (its first five digits): the form fills the city from it and warns of another state.
  r.get(
    '/zips/:zip',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The place a ZIP code is',
        operationId: 'getZipPlace',
        params: zipParams,
        response: { 200: zipPlaceSchema },
      },
    },
    async (request) => addresses.zipPlace(request.params.zip),
  );

  // The hardiness zone of a ZIP code, with the place it names: open to anyone, as the ZIP lookup is.
  r.get(
    '/zones/:zip',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The hardiness zone of a ZIP code',
        operationId: 'getHardinessZone',
        params: zoneParams,
        response: { 200: hardinessZonePlaceSchema },
      },
    },
    async (request) => addresses.zonePlace(request.params.zip),
  );

  // Whether listings may ship to a state (the product page, the cart): open to anyone, a visitor types a ZIP code.
  r.get(
    '/shipping/check',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Whether listings may ship to a state',
        operationId: 'checkShipping',
        querystring: shippingCheckQuerySchema,
        response: { 200: z.array(shippingCheckSchema) },
      },
    },
    async (request) => checks.check(request.query.products, request.query.state),
  );

  // The seller's shipping profile: sellers only (a buyer gets 403, a visitor 401).
  r.get(
    '/seller/profile',
    {
      config: { access: 'seller' },
      schema: {
        summary: "The seller's shipping profile",
        operationId: 'getSellerProfile',
        response: { 200: sellerProfileResponseSchema },
      },
    },
    async (request) => sellerProfiles.get(requireUser(request).id),
  );

  // The states the seller's listings miss for want of a certificate, with the searches from there (the dashboard).
  r.get(
    '/seller/missed',
    {
      config: { access: 'seller' },
      schema: {
        summary: "The states the seller's listings miss, with the searches from there",
        operationId: 'listMissedDestinations',
        response: { 200: z.array(missedDestinationSchema) },
      },
    },
    async (request) => sellerProfiles.missed(requireUser(request).id),
  );

  r.put(
    '/seller/profile',
    {
      config: { access: 'seller' },
      schema: {
        summary: "Change the seller's shipping profile",
        operationId: 'updateSellerProfile',
        body: sellerProfileSchema,
        response: { 200: sellerProfileResponseSchema, ...errors(409) },
      },
    },
    async (request) => sellerProfiles.update(requireUser(request).id, request.body),
  );
}
