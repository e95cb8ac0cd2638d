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
