import { Moon, Sun } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/Button';
import { useHydrated } from '@/lib/server-render';
import { useTheme } from './ThemeProvider';

/** The theme switch's button (the same look before and after its menu code has loaded). */
export function ThemeTriggerButton(props: ComponentProps<'button'>) {
  const { resolvedTheme } = useTheme();
  const Icon = resolvedTheme === 'dark' ? Moon : Sun;
  // Its menu is the page's code: not ready (disabled) until the page is adopted.
  const hydrated = useHydrated();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Toggle theme"
      aria-haspopup="menu"
      {...props}
      disabled={!hydrated || props.disabled}
    >
      <Icon className="size-5" aria-hidden="true" />
    </Button>
  );
}
