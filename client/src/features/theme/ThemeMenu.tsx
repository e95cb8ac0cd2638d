import { THEMES, type Theme } from '@domain/constants';
import { Monitor, Moon, Sun } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/DropdownMenu';
import { useTheme } from './ThemeProvider';
import { ThemeTriggerButton } from './ThemeTriggerButton';
import { isTheme } from './theme-storage';

const LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** The theme dropdown: light, dark or system (loaded after first paint, see ThemeToggle). */
interface MenuProps {
  defaultOpen?: boolean;
  focusFirstItem?: boolean;
}

export function ThemeMenu({ defaultOpen = false, focusFirstItem = false }: MenuProps) {
  const { theme, setTheme } = useTheme();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <ThemeTriggerButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent focusFirstItem={focusFirstItem} align="end">
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => isTheme(value) && setTheme(value)}>
          {THEMES.map((option) => {
            const Icon = ICONS[option];
            return (
              <DropdownMenuRadioItem key={option} value={option}>
                <Icon aria-hidden="true" />
                {LABELS[option]}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
