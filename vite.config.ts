import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root: r('./client'),
  publicDir: r('./client/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@domain': r('./domain'), '@': r('./client/src') },
  },
  // The server renderer (dist/ssr) carries its packages, in their production builds: it runs wherever the server
  // does, whatever NODE_ENV says (React's development build renders several times slower).
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: r('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    // The server renderer needs neither the public files nor a manifest.
    copyPublicDir: !isSsrBuild,
    // scripts/bundle-budget.mjs reads it to size the JavaScript each page needs.
    manifest: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // Two kinds of module do nothing when imported but define what they export: domain/ (constants,
          // functions, zod schemas) and a feature's public face (features/<area>/index.ts and cart's lazy.ts,
          // re-exports only). Said so, Rolldown leaves out what a page does not use: a page that imports one
          // hook from @/features/shipping no longer loads, and evaluates before it is adopted, every component that
          // index.ts re-exports (the address form, react-hook-form), nor a domain area's schemas it never reads.
          // Measured: the JavaScript /marketplace loads before it is adopted 188 -> 162 KiB gzip, a product page
          // 197 -> 172 (docs/performance.md#lighthouse). A module with an import-time effect must not match.
          treeshake: {
            moduleSideEffects: [
              { test: /[\\/]domain[\\/].*\.ts$/, sideEffects: false },
              {
                test: /[\\/]client[\\/]src[\\/]features[\\/][^\\/]+[\\/](index|lazy)\.ts$/,
                sideEffects: false,
              },
            ],
          },
          output: {
            // Everything the first paint loads goes in one chunk. Left alone, Rolldown cuts the modules the
            // entry shares with lazy pages into many small chunks, differently each time a lazy page starts
            // using another subset of them (a dialog, say), and the home page pays for it in requests and
            // gzip ratio. Lazy pages keep their own chunks.
            codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
          },
        },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 5000}` } },
  },
}));
