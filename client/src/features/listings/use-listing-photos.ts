import type { Photo } from '@domain/catalog/responses';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, PHOTO_TYPES, PHOTOS_PER_LISTING } from '@domain/listings/photos';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, apiUpload, errorMessage } from '@/lib/api';
import { listingQueries, refreshListings } from './api';

/** The server's 409 (server/src/modules/photos), said before a file is sent. */
export const TOO_MANY_PHOTOS = `A listing can have at most ${PHOTOS_PER_LISTING} photos. Delete one to add another.`;

/**
 * A chosen file not stored yet: waiting for the new listing to be added, uploading, or refused (by the check here
 * or by the server, with its message). `preview` is an object URL of the file, null when it is not an image.
 */
export interface PhotoDraft {
  key: number;
  name: string;
  file: File;
  preview: string | null;
  status: 'waiting' | 'uploading' | 'failed';
  message?: string;
}

/** What is wrong with a file before it is sent, in the server's words; null when it may go. */
export function checkPhotoFile(file: File): string | null {
  const type = file.type.toLowerCase();
  if (/^image\/hei[cf]/.test(type) || /\.hei[cf]$/i.test(file.name)) return PHOTO_MESSAGES.heic;
  if (type === 'image/svg+xml') return PHOTO_MESSAGES.svg;
  if (type === 'application/pdf') return PHOTO_MESSAGES.pdf;
  if (!(PHOTO_TYPES as readonly string[]).includes(type)) return PHOTO_MESSAGES.notPhoto;
  if (file.size === 0) return PHOTO_MESSAGES.empty;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooBig(file.size);
  return null;
}

let nextKey = 1;

/**
 * Files a new listing's upload refused, kept for its edit page (where the seller goes next) to show with their
 * reasons, by listing id; taken once.
 */
const refusedOnAdd = new Map<number, PhotoDraft[]>();

const upload = (productId: number, file: File) => {
  const body = new FormData();
  body.append('file', file);
  return apiUpload<Photo>(`/api/products/${productId}/photos`, body);
};

/**
 * A listing's photos in the listing form (docs/product.md#listing-form): the stored ones of `productId` (none for a
 * new listing) and the files chosen since. On an edit a chosen file uploads at once, one at a time in the order
 * chosen; on a new listing they wait for `uploadAll` with the new listing's id.
 */
export function useListingPhotos(productId: number | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...listingQueries.photos(productId ?? 0), enabled: productId !== undefined });
  const stored = query.data ?? [];
  const [drafts, setDrafts] = useState<PhotoDraft[]>(() => {
    const refused = productId === undefined ? undefined : refusedOnAdd.get(productId);
    if (productId !== undefined) refusedOnAdd.delete(productId);
    return refused ?? [];
  });
  const [busy, setBusy] = useState(false);
  // One upload at a time, so photos are stored in the order they were chosen.
  const queue = useRef(Promise.resolve());
  const queued = useRef(0);
  const previews = useRef(new Set(drafts.flatMap((d) => (d.preview ? [d.preview] : []))));

  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const setStored = (photos: Photo[] | ((old: Photo[]) => Photo[])) => {
    if (productId === undefined) return;
    queryClient.setQueryData(listingQueries.photos(productId).queryKey, (old) =>
      typeof photos === 'function' ? photos(old ?? []) : photos,
    );
  };
  const patch = (key: number, change: Partial<PhotoDraft> | null) =>
    setDrafts((all) =>
      change === null
        ? all.filter((d) => d.key !== key)
        : all.map((d) => (d.key === key ? { ...d, ...change } : d)),
    );
  const forget = (draft: PhotoDraft) => {
    if (draft.preview) {
      URL.revokeObjectURL(draft.preview);
      previews.current.delete(draft.preview);
    }
    patch(draft.key, null);
  };

  const send = async (id: number, draft: PhotoDraft): Promise<boolean> => {
    patch(draft.key, { status: 'uploading' });
    try {
      const photo = await upload(id, draft.file);
      setStored((old) => [...old, photo]);
      forget(draft);
      return true;
    } catch (error) {
      patch(draft.key, {
        status: 'failed',
        message: errorMessage(error, 'The photo could not be uploaded.'),
      });
      return false;
    }
  };

  /** Checks and shows the chosen files; on an edit, queues the good ones for upload. */
  const add = (files: Iterable<File>) => {
    let room = PHOTOS_PER_LISTING - stored.length - drafts.filter((d) => d.status !== 'failed').length;
    const added: PhotoDraft[] = [];
    for (const file of files) {
      const problem = checkPhotoFile(file) ?? (room <= 0 ? TOO_MANY_PHOTOS : null);
      const preview = problem ? null : URL.createObjectURL(file);
      if (preview) previews.current.add(preview);
      if (!problem) room -= 1;
      added.push({
        key: nextKey++,
        name: file.name,
        file,
        preview,
        status: problem ? 'failed' : productId === undefined ? 'waiting' : 'uploading',
        message: problem ?? undefined,
      });
    }
    setDrafts((all) => [...all, ...added]);
    if (productId === undefined) return;
    for (const draft of added.filter((d) => d.status === 'uploading')) {
      queued.current += 1;
      queue.current = queue.current
        .then(() => send(productId, draft))
        .then(() => {
          queued.current -= 1;
          // The cards and the seller's list show the cover: refreshed once the queue is done.
          if (queued.current === 0) void refreshListings(queryClient);
        });
    }
  };

  /**
   * After a new listing is added: its chosen photos, uploaded in order. Answers those the server refused, each with
   * its reason; they are kept for the listing's edit page (refusedOnAdd), where they show until dismissed.
   */
  const uploadAll = async (id: number): Promise<PhotoDraft[]> => {
    const waiting = drafts.filter((d) => d.status === 'waiting');
    const refused: PhotoDraft[] = [];
    for (const draft of waiting) {
      patch(draft.key, { status: 'uploading' });
      try {
        await upload(id, draft.file);
        forget(draft);
      } catch (error) {
        refused.push({
          ...draft,
          status: 'failed',
          message: errorMessage(error, 'The photo could not be uploaded.'),
        });
      }
    }
    // The previews of refused files go with them to the edit page; the rest are let go.
    for (const d of refused) if (d.preview) previews.current.delete(d.preview);
    setDrafts((all) => {
      for (const d of all)
        if (d.preview && previews.current.delete(d.preview)) URL.revokeObjectURL(d.preview);
      return [];
    });
    if (refused.length > 0) refusedOnAdd.set(id, refused);
    if (waiting.length > 0) await refreshListings(queryClient);
    return refused;
  };

  /** Runs a change of the stored photos (PUT or DELETE answers the photos as they are now). */
  const change = async (request: () => Promise<Photo[]>, failure: string) => {
    setBusy(true);
    try {
      setStored(await request());
      void refreshListings(queryClient);
      return true;
    } catch (error) {
      toast({
        title: failure,
        description: errorMessage(error, 'An error occurred'),
        variant: 'destructive',
      });
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** Moves the photo at `from` to `to` (0 makes it the cover). */
  const move = (from: number, to: number) => {
    if (productId === undefined) return;
    const order = stored.map((p) => p.id);
    const [id] = order.splice(from, 1);
    if (id === undefined) return;
    order.splice(to, 0, id);
    // Shown at once; the server's answer replaces it.
    setStored((old) => order.map((pid) => old.find((p) => p.id === pid)).filter((p): p is Photo => !!p));
    void change(
      () => apiRequest<Photo[]>('PUT', `/api/products/${productId}/photos`, { order }),
      'Failed to reorder photos',
    ).then((ok) => {
      if (!ok) void query.refetch();
    });
  };

  /**
   * Moves the waiting file at `from` to `to`, counted among the waiting files (a new listing's, before it is added;
   * 0 makes it the cover): they upload in this order.
   */
  const moveWaiting = (from: number, to: number) =>
    setDrafts((all) => {
      const waiting = all.filter((d) => d.status === 'waiting');
      const [moved] = waiting.splice(from, 1);
      if (!moved) return all;
      waiting.splice(to, 0, moved);
      let next = 0;
      return all.map((d) => (d.status === 'waiting' ? (waiting[next++] as PhotoDraft) : d));
    });

  const remove = (photoId: number) =>
    productId === undefined
      ? Promise.resolve(false)
      : change(
          () => apiRequest<Photo[]>('DELETE', `/api/products/${productId}/photos/${photoId}`),
          'Failed to delete photo',
        );

  return {
    stored,
    loading: productId !== undefined && query.isPending,
    drafts,
    busy,
    add,
    dismiss: forget,
    uploadAll,
    move,
    moveWaiting,
    remove,
  };
}

export type ListingPhotos = ReturnType<typeof useListingPhotos>;
