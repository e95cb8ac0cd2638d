import {
  DEFAULT_THEME,
  LEGACY_THEME_STORAGE_KEY,
  THEME_STORAGE_KEY,
  THEMES,
  type Theme,
} from '@domain/constants';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/**
 * The saved theme (docs/product.md#constants): `ui-theme`, default `system`. When `ui-theme` is absent
 * and the older `dragonfruit-theme` holds a theme, that value is adopted and written to `ui-theme`.
 */
export function readStoredTheme(storage: Storage | undefined = safeLocalStorage()): Theme {
  if (!storage) return DEFAULT_THEME;
  try {
    const current = storage.getItem(THEME_STORAGE_KEY);
    if (current !== null) return isTheme(current) ? current : DEFAULT_THEME;
    const legacy = storage.getItem(LEGACY_THEME_STORAGE_KEY);
    if (isTheme(legacy)) {
      storage.setItem(THEME_STORAGE_KEY, legacy);
      return legacy;
    }
  } catch {
    // Storage blocked (privacy mode): fall back to the default.
  }
  return DEFAULT_THEME;
}

export function writeStoredTheme(theme: Theme, storage: Storage | undefined = safeLocalStorage()): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches === true;
}

/** Calls back whenever the operating system switches between light and dark. */
export function onSystemThemeChange(callback: () => void): () => void {
  const media = window.matchMedia?.(DARK_QUERY);
  if (!media) return () => {};
  media.addEventListener('change', callback);
  return () => media.removeEventListener('change', callback);
}

/** Puts `dark` or `light` on <html> (the class Tailwind's dark variant reads) and the colour scheme. */
export function applyResolvedTheme(resolved: 'light' | 'dark'): void {
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(resolved);
  root.style.colorScheme = resolved;
}
