import { photoSchema } from '@domain/catalog/responses';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, PHOTOS_PER_LISTING } from '@domain/listings/photos';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InvalidInput, NotFound } from '../../errors';
import { errors } from '../../http/error-answers';
import { idParams } from '../../http/params';
import { requireSeller } from '../../plugins/session';
import type { PhotoService } from './photo-service';
import { isPhotoKey, type PhotoStore } from './store';

const productParams = idParams('Product');
const photoParams = productParams.extend({ photoId: idParams('Photo').shape.id });
const photoListSchema = z.array(photoSchema);
export const ONE_PHOTO = 'Send one photo a request, as multipart/form-data in the field "file"';
export const NO_PHOTO = 'Choose a photo to upload';

/** What @fastify/multipart throws for a body that breaks its limits or its form, as the seller's 400. */
function multipartError(error: unknown): Error {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new InvalidInput(PHOTO_MESSAGES.overLimit, { file: PHOTO_MESSAGES.overLimit });
  if (code.startsWith('FST_') || /multipart|boundary|Unexpected end of form/i.test(String(error)))
    return new InvalidInput(ONE_PHOTO, { file: ONE_PHOTO });
  // The client went away mid-body (an aborted or truncated upload): nothing was written.
  if (code === 'ECONNRESET' || /aborted|premature close/i.test(String(error)))
    return new InvalidInput(PHOTO_MESSAGES.damaged, { file: PHOTO_MESSAGES.damaged });
  return error as Error;
}

/**
 * POST, PUT /api/products/:id/photos and DELETE /api/products/:id/photos/:photoId: a seller's photos of its own
 * listing (docs/decisions/0022-listing-photos.md). Multipart bodies are read only here: the parser is registered in
 * this scope, so every other route keeps the app's 64 KB JSON limit.
 */
export async function photoRoutes(app: FastifyInstance, { photos }: { photos: PhotoService }): Promise<void> {
  await app.register(multipart, {
    // One file, enforced while it streams in: past 15 MB the upload is cut off and refused.
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/:id/photos',
    {
      config: { access: 'seller' },
      schema: {
        summary: 'Add a photo to a listing',
        operationId: 'uploadPhoto',
        params: productParams,
        consumes: ['multipart/form-data'],
        response: { 201: photoSchema, ...errors(409) },
        description: `One photo (JPEG, PNG, WebP, AVIF or GIF, at most 15 MB) in the multipart field "file"; a listing has at most ${PHOTOS_PER_LISTING}`,
      },
    },
    async (request, reply) => {
      const sellerId = requireSeller(request).id;
      // Before the body is read: a listing that is not the seller's (404), or whose places are all taken by its
      // photos and the uploads on their way to it (409), is refused without taking 15 MB; else its place is held.
      const hold = await photos.hold(sellerId, request.params.id);
      let leave = () => {};
      try {
        // Then room in this instance's memory for the body and its turn to be decoded, or 503 with Retry-After.
        const declared = Number(request.headers['content-length']);
        leave = photos.queue.admit(Number.isSafeInteger(declared) && declared >= 0 ? declared : undefined);
        if (!request.isMultipart()) throw new InvalidInput(ONE_PHOTO, { file: ONE_PHOTO });
        // The whole body is read, so a second file or a field breaks the limits (one file, no fields) and is refused.
        let bytes: Buffer | null = null;
        try {
          for await (const part of request.files()) {
            if (bytes || part.fieldname !== 'file') throw new InvalidInput(ONE_PHOTO, { file: ONE_PHOTO });
            bytes = await part.toBuffer();
          }
        } catch (error) {
          if (error instanceof InvalidInput) throw error;
          throw multipartError(error);
        }
        if (!bytes) throw new InvalidInput(NO_PHOTO, { file: NO_PHOTO });
        return reply.code(201).send(await photos.add(sellerId, request.params.id, hold, bytes));
      } finally {
        leave();
        // A refused or failed upload gives its place back (a lost connection to the database leaves it to expire).
        await photos.release(hold).catch((err: unknown) => {
          request.log.warn({ err }, "a photo upload's place could not be given back; it expires");
        });
      }
    },
  );

  r.put(
    '/:id/photos',
    {
      config: { access: 'seller' },
      schema: {
        summary: "Set the order of a listing's photos",
        operationId: 'arrangePhotos',
        params: productParams,
        body: z.object({
          order: z
            .array(z.int().positive())
            .max(PHOTOS_PER_LISTING)
            .describe("Every photo's id once, in the order to show them: the first is the cover"),
        }),
        response: { 200: photoListSchema },
      },
    },
    async (request) => photos.arrange(requireSeller(request).id, request.params.id, request.body.order),
  );

  r.delete(
    '/:id/photos/:photoId',
    {
      config: { access: 'seller' },
      schema: {
        summary: 'Remove a photo from a listing',
        operationId: 'removePhoto',
        params: photoParams,
        response: { 200: photoListSchema },
      },
    },
    async (request) => photos.remove(requireSeller(request).id, request.params.id, request.params.photoId),
  );
}

/**
 * GET /media/:key: a stored photo, from whichever store holds it, cached for good (its key is its content's hash).
 * Anything that is not a photo key is a 404 before a store is asked.
 */
export async function mediaRoutes(app: FastifyInstance, { store }: { store: PhotoStore }): Promise<void> {
  app.get<{ Params: { key: string } }>(
    '/media/:key',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const { key } = request.params;
      if (!isPhotoKey(key)) throw new NotFound('Photo not found');
      const etag = `"${key.slice(0, 64)}"`;
      const forGood = 'public, max-age=31536000, immutable';
      // The same key is the same bytes for good: a browser that has it needs no store read.
      if (request.headers['if-none-match'] === etag)
        return reply.code(304).header('cache-control', forGood).header('etag', etag).send();
      const object = await store.get(key);
      if (!object) throw new NotFound('Photo not found');
      return reply
        .header('cache-control', forGood)
        .header('etag', etag)
        .type(object.contentType)
        .header('content-length', object.size)
        .header('x-content-type-options', 'nosniff')
        .send(object.body);
    },
  );
}
