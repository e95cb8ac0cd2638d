import { LogIn } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/Button';
import { deferredTriggerProps, useDeferredLoad } from '@/components/use-deferred-load';
import { useAuth } from '@/features/accounts';
import { AvatarButton } from './AvatarButton';

// The Radix menu code loads when the browser is idle (it is shared with the theme menu).
const AccountMenu = lazy(async () => ({ default: (await import('./AccountMenu')).AccountMenu }));

/** Signed out: a login icon link. Signed in: the avatar and its My Account menu. */
export function UserMenu() {
  const { user } = useAuth();
  const [state, openNow] = useDeferredLoad();
  if (!user) {
    return (
      <Button asChild variant="ghost" size="icon">
        <Link href="/login" aria-label="Login">
          <LogIn className="size-5" aria-hidden="true" />
        </Link>
      </Button>
    );
  }
  // Until the menu code is here, the same button opens the menu as soon as it has loaded.
  const shell = <AvatarButton username={user.username} {...deferredTriggerProps(openNow)} />;
  if (!state) return shell;
  return (
    <Suspense fallback={shell}>
      <AccountMenu
        defaultOpen={state === 'pointer' || state === 'keyboard'}
        focusFirstItem={state === 'keyboard'}
      />
    </Suspense>
  );
}
