import { DEFAULT_THEME, THEME_STORAGE_KEY, type Theme } from '@domain/constants';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useHydrated } from '@/lib/server-render';
import {
  applyResolvedTheme,
  isTheme,
  onSystemThemeChange,
  readStoredTheme,
  systemPrefersDark,
  writeStoredTheme,
} from './theme-storage';

export interface ThemeContextValue {
  /** The chosen setting: light, dark or system. */
  theme: Theme;
  /** What is shown now: system resolved through the OS preference. */
  resolvedTheme: 'light' | 'dark';
  setTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [storedTheme, setThemeState] = useState<Theme>(() => readStoredTheme());
  const [systemDark, setSystemDark] = useState(systemPrefersDark);
  // The server cannot know the saved theme: the page it sent shows the default, and the browser adopts that
  // page as it is before showing the saved theme (theme-init.js has already coloured the page itself).
  const hydrated = useHydrated();
  const theme = hydrated ? storedTheme : DEFAULT_THEME;

  // Follow the OS setting live (it matters only while the theme is system).
  useEffect(() => onSystemThemeChange(() => setSystemDark(systemPrefersDark())), []);

  // Another tab changed the setting.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY && isTheme(event.newValue)) setThemeState(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const resolvedTheme = theme === 'system' ? (hydrated && systemDark ? 'dark' : 'light') : theme;

  useEffect(() => {
    if (hydrated) applyResolvedTheme(resolvedTheme);
  }, [hydrated, resolvedTheme]);

  const setTheme = useCallback((next: Theme) => {
    writeStoredTheme(next);
    setThemeState(next);
  }, []);

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used within a ThemeProvider');
  return value;
}
