import { NOTIFICATIONS_PAGE_SIZE } from '@domain/notifications/types';
import { withTrackingLinks } from '@domain/orders/shipments';
import { AlertCircle, Bell } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { LocalDate } from '@/components/LocalDate';
import { useDocumentTitle } from '@/components/PageStatus';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/utils';
import { useMarkRead, useNotifications } from './api';

/** /notifications — the signed-in user's notifications, newest first; mark one or all read. */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const [page, setPage] = useState(1);
  const list = useNotifications(page);
  const mark = useMarkRead();

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl sm:text-4xl">Notifications</h1>
        {list.data && list.data.unread > 0 && (
          <Button
            variant="outline"
            size="sm"
            disabled={mark.isPending}
            onClick={() => mark.mutate(undefined)}
          >
            Mark all read
          </Button>
        )}
      </div>
      {list.isPending ? (
        <p role="status" className="mt-8 text-muted-foreground">
          Loading notifications…
        </p>
      ) : list.isError ? (
        <div className="mt-8 flex flex-col items-center gap-4 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
          <AlertCircle className="size-10 text-destructive" aria-hidden="true" />
          <p className="font-medium">Your notifications could not be loaded</p>
          <Button onClick={() => void list.refetch()}>Retry</Button>
        </div>
      ) : list.data.items.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-12 text-center">
          <Bell className="size-12 text-muted-foreground" aria-hidden="true" />
          <h2 className="mt-4 text-xl">Nothing yet</h2>
          <p className="mt-2 text-muted-foreground">Orders, shipments and deliveries will show up here.</p>
        </div>
      ) : (
        <>
          <p className="mt-2 text-muted-foreground">
            {list.data.unread === 0 ? 'All read.' : `${list.data.unread} unread`}
          </p>
          <ul aria-label="Notifications" className="mt-6 grid gap-3">
            {list.data.items.map((n) => (
              <li
                key={n.id}
                className={cn(
                  'grid gap-2 rounded-xl border bg-card p-4 shadow-sm',
                  !n.readAt && 'border-primary/60 bg-accent/40',
                )}
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h2 className="font-sans text-base font-semibold break-words">
                    {!n.readAt && <span className="sr-only">Unread: </span>}
                    {n.link ? (
                      <Link
                        href={n.link}
                        className="underline-offset-4 hover:underline"
                        onClick={() => !n.readAt && mark.mutate(n.id)}
                      >
                        {n.title}
                      </Link>
                    ) : (
                      n.title
                    )}
                  </h2>
                  <p className="text-sm text-muted-foreground">
                    <LocalDate value={n.createdAt} dateStyle="medium" />
                  </p>
                </div>
                <p className="text-sm break-words whitespace-pre-line text-muted-foreground">
                  <BodyText body={n.body} />
                </p>
                {!n.readAt && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="justify-self-start"
                    disabled={mark.isPending}
                    onClick={() => mark.mutate(n.id)}
                  >
                    Mark read<span className="sr-only">: {n.title}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {list.data.total > NOTIFICATIONS_PAGE_SIZE && (
            <nav aria-label="Notification pages" className="mt-6 flex items-center justify-between gap-4">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Newer
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={page * NOTIFICATIONS_PAGE_SIZE >= list.data.total}
                onClick={() => setPage(page + 1)}
              >
                Older
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

/** A notification's text, its carriers' tracking pages as links (opening in a new tab: they are other sites). */
function BodyText({ body }: { body: string }) {
  return withTrackingLinks(body).map((piece, i) =>
    'url' in piece ? (
      <a
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, never reordered.
        key={i}
        href={piece.url}
        target="_blank"
        rel="noopener noreferrer"
        className="break-all text-primary underline underline-offset-4 hover:no-underline"
      >
        {piece.url}
      </a>
    ) : (
      piece.text
    ),
  );
}
