import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/Button';

/** The avatar's letter: the username's first letter uppercased, or U. */
export function avatarInitial(username: string | undefined): string {
  return username?.trim().charAt(0).toUpperCase() || 'U';
}

/** The signed-in user's avatar button, which opens the My Account menu. */
export function AvatarButton({ username, ...props }: ComponentProps<'button'> & { username: string }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="My account"
      aria-haspopup="menu"
      className="rounded-full"
      {...props}
    >
      <span className="flex size-9 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
        {avatarInitial(username)}
      </span>
    </Button>
  );
}
