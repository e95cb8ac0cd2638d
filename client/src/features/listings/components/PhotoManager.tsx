import type { Photo } from '@domain/catalog/responses';
import { PHOTO_TYPES, PHOTO_TYPES_TEXT, PHOTOS_PER_LISTING } from '@domain/listings/photos';
import { ChevronLeft, ChevronRight, ImagePlus, LoaderCircle, Star, Trash2, X } from 'lucide-react';
import { type ComponentProps, type DragEvent, type ReactNode, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/utils';
import type { ListingPhotos, PhotoDraft } from '../use-listing-photos';

/**
 * The listing form's Photos section (docs/product.md#listing-form): the stored photos in order (the first is the
 * cover) with buttons to move, make cover and delete each, the files being uploaded or waiting for the new listing,
 * those refused with the reason, and the file input (a drop zone too).
 */
export function PhotoManager({ photos, isNew }: { photos: ListingPhotos; isNew: boolean }) {
  const { stored, drafts } = photos;
  const [over, setOver] = useState(false);
  const count = stored.length + drafts.filter((d) => d.status !== 'failed').length;
  // A new listing's files wait for it to be added: they can be put in order (and one made the cover) meanwhile.
  const waiting = drafts.filter((d) => d.status === 'waiting');
  const full = count >= PHOTOS_PER_LISTING;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!full) photos.add(event.dataTransfer.files);
  };

  return (
    // Files dropped anywhere on the section are taken as if chosen.
    <fieldset
      className="grid gap-3"
      aria-busy={photos.busy || photos.loading}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <legend className="mb-1 text-sm font-medium">Photos</legend>
      <p id="listing-photos-hint" className="text-xs text-muted-foreground">
        Up to {PHOTOS_PER_LISTING} photos, {PHOTO_TYPES_TEXT}, at most 15 MB each. The first is the cover
        buyers see on the listing's card.
        {isNew && ' They upload when you add the listing.'}
      </p>
      {(stored.length > 0 || drafts.length > 0) && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {stored.map((photo, index) => (
            <StoredPhoto key={photo.id} photo={photo} index={index} count={stored.length} photos={photos} />
          ))}
          {drafts.map((draft, index) => (
            <DraftPhoto
              key={draft.key}
              draft={draft}
              cover={stored.length === 0 && index === 0 && draft.status !== 'failed'}
              onDismiss={() => photos.dismiss(draft)}
              order={
                draft.status === 'waiting'
                  ? { index: waiting.indexOf(draft), count: waiting.length, move: photos.moveWaiting }
                  : undefined
              }
            />
          ))}
        </ul>
      )}
      {/* The label is the visible way in; the dashed zone shows where files may be dropped. */}
      <div
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-4 text-center text-sm text-muted-foreground',
          over && 'border-primary bg-primary/5',
        )}
      >
        <ImagePlus className="size-6" aria-hidden="true" />
        <label
          htmlFor="listing-photos"
          className={cn(
            'cursor-pointer rounded-md border bg-background px-3 py-2 font-medium text-foreground hover:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
            full && 'pointer-events-none opacity-60',
          )}
        >
          Choose photos
          <input
            id="listing-photos"
            type="file"
            accept={PHOTO_TYPES.join(',')}
            multiple
            disabled={full}
            aria-describedby="listing-photos-hint"
            className="sr-only"
            onChange={(event) => {
              photos.add(Array.from(event.target.files ?? []));
              // The same file may be chosen again after it was dismissed.
              event.target.value = '';
            }}
          />
        </label>
        <span>{full ? `This listing has ${PHOTOS_PER_LISTING} photos.` : 'or drop them here'}</span>
      </div>
    </fieldset>
  );
}

const frame = 'relative aspect-square overflow-hidden rounded-lg border bg-muted';

function StoredPhoto({
  photo,
  index,
  count,
  photos,
}: {
  photo: Photo;
  index: number;
  count: number;
  photos: ListingPhotos;
}) {
  const n = index + 1;
  const [deleting, setDeleting] = useState(false);
  return (
    <li className="grid gap-1.5">
      <div className={frame}>
        <img
          src={photo.url}
          srcSet={photo.srcset}
          sizes="(min-width: 640px) 160px, 50vw"
          alt={`${n} of ${count}`}
          width={photo.width}
          height={photo.height}
          decoding="async"
          style={{ backgroundImage: `url("${photo.placeholder}")`, backgroundSize: 'cover' }}
          className="size-full object-cover"
        />
        {index === 0 && <Badge className="absolute top-2 left-2 shadow-sm">Cover</Badge>}
      </div>
      <div className="grid grid-cols-4 gap-1">
        <OrderButtons n={n} index={index} count={count} disabled={photos.busy} move={photos.move} />
        <ConfirmDialog
          trigger={
            <IconButton label={`Delete photo ${n}`} disabled={photos.busy}>
              <Trash2 />
            </IconButton>
          }
          title={`Delete photo ${n}?`}
          description="Buyers will no longer see it. This cannot be undone."
          confirm="Delete"
          confirming="Deleting..."
          keep="Keep"
          pending={deleting}
          onConfirm={(close) => {
            setDeleting(true);
            void photos.remove(photo.id).then((ok) => {
              setDeleting(false);
              close(ok);
            });
          }}
        >
          <img
            src={photo.url}
            alt=""
            width={photo.width}
            height={photo.height}
            className="mx-auto max-h-40 w-auto rounded-md"
          />
        </ConfirmDialog>
      </div>
    </li>
  );
}

/** Move earlier, move later, make the cover: the photo numbered `n`, at `index` of `count`. */
function OrderButtons({
  n,
  index,
  count,
  disabled = false,
  move,
}: {
  n: number;
  index: number;
  count: number;
  disabled?: boolean;
  move: (from: number, to: number) => void;
}) {
  return (
    <>
      <IconButton
        label={`Move photo ${n} earlier`}
        disabled={index === 0 || disabled}
        onClick={() => move(index, index - 1)}
      >
        <ChevronLeft />
      </IconButton>
      <IconButton
        label={`Move photo ${n} later`}
        disabled={index === count - 1 || disabled}
        onClick={() => move(index, index + 1)}
      >
        <ChevronRight />
      </IconButton>
      <IconButton
        label={`Make photo ${n} the cover`}
        disabled={index === 0 || disabled}
        onClick={() => move(index, 0)}
      >
        <Star />
      </IconButton>
    </>
  );
}

function IconButton({
  label,
  children,
  ...props
}: { label: string; children: ReactNode } & Omit<ComponentProps<'button'>, 'aria-label'>) {
  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      aria-label={label}
      title={label}
      className="h-9 w-full"
      {...props}
    >
      {children}
    </Button>
  );
}

/** A file not stored yet: its preview with what is happening to it, or why it was refused and a way to dismiss it. */
function DraftPhoto({
  draft,
  cover,
  onDismiss,
  order,
}: {
  draft: PhotoDraft;
  cover: boolean;
  onDismiss: () => void;
  /** A waiting file's place among the waiting ones, and how to move it. */
  order?: { index: number; count: number; move: (from: number, to: number) => void };
}) {
  const failed = draft.status === 'failed';
  return (
    <li className={cn('grid content-start gap-1.5', failed && 'col-span-2')}>
      <div
        className={cn(frame, failed && 'aspect-auto flex gap-3 border-destructive/50 bg-destructive/5 p-2')}
      >
        {draft.preview && (
          <img
            src={draft.preview}
            alt={`${draft.name}, not uploaded yet`}
            // A file the server found was no photo has no picture to show: its name and the reason say it.
            onError={(event) => {
              event.currentTarget.hidden = true;
            }}
            className={cn(
              failed ? 'size-16 shrink-0 rounded object-cover' : 'size-full object-cover',
              draft.status === 'uploading' && 'opacity-60',
            )}
          />
        )}
        {draft.status === 'uploading' && (
          <span
            role="status"
            className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-1.5 bg-background/85 py-1.5 text-xs font-medium"
          >
            <LoaderCircle className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
            Uploading…
          </span>
        )}
        {draft.status === 'waiting' && cover && (
          <Badge className="absolute top-2 left-2 shadow-sm">Cover</Badge>
        )}
        {failed && (
          <div className="grid min-w-0 flex-1 content-start gap-1 text-sm">
            <p className="truncate font-medium">{draft.name}</p>
            <p role="alert" className="text-destructive">
              {draft.message}
            </p>
          </div>
        )}
        {draft.status !== 'uploading' && (
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={`${failed ? 'Dismiss' : 'Remove'} ${draft.name}`}
            title={failed ? 'Dismiss' : 'Remove'}
            onClick={onDismiss}
            className={cn('size-8 shrink-0', !failed && 'absolute top-1.5 right-1.5 bg-background/90')}
          >
            <X />
          </Button>
        )}
      </div>
      {order && order.count > 1 && (
        <div className="grid grid-cols-3 gap-1">
          <OrderButtons n={order.index + 1} index={order.index} count={order.count} move={order.move} />
        </div>
      )}
    </li>
  );
}
