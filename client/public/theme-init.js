// Runs before the app: applies the saved theme to <html> so the page never flashes the wrong one.
// Keys per docs/product.md#constants: ui-theme (light, dark or system; default system); an older
// dragonfruit-theme value is adopted once. The app's theme provider keeps the same rules.
(() => {
  try {
    let theme = localStorage.getItem('ui-theme');
    if (!theme) {
      const legacy = localStorage.getItem('dragonfruit-theme');
      if (legacy === 'light' || legacy === 'dark' || legacy === 'system') {
        theme = legacy;
        localStorage.setItem('ui-theme', legacy);
      }
    }
    if (theme !== 'light' && theme !== 'dark') theme = 'system';
    const dark =
      theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.add(dark ? 'dark' : 'light');
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // Storage blocked: the light default stays.
  }
})();
