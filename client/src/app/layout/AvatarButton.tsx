import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/Button';
import { useHydrated } from '@/lib/server-render';

/** The avatar's letter: the username's first letter uppercased, or U. */
export function avatarInitial(username: string | undefined): string {
  return username?.trim().charAt(0).toUpperCase() || 'U';
}

/** The signed-in user's avatar button, which opens the My Account menu. */
export function AvatarButton({ username, ...props }: ComponentProps<'button'> & { username: string }) {
  // Its menu is the page's code: not ready (disabled) until the page is adopted.
  const hydrated = useHydrated();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="My account"
      aria-haspopup="menu"
      className="rounded-full"
      {...props}
      disabled={!hydrated || props.disabled}
    >
      <span className="flex size-9 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
        {avatarInitial(username)}
      </span>
    </Button>
  );
}
