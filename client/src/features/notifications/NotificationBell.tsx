import { Bell } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/Button';
import { useSession } from '@/lib/session';
import { useUnreadCount } from './api';

/** The header's bell for a signed-in user: the unread count on it, leading to /notifications. */
export function NotificationBell() {
  const { user } = useSession();
  const unread = useUnreadCount();
  if (!user) return null;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link href="/notifications" aria-label={label}>
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs font-semibold text-primary-foreground"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Link>
    </Button>
  );
}
