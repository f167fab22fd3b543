import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { SHELL_GROUPS } from './src/locales/shell-groups.ts';

/**
 * Locale files as modules of their own: `en.json?all` is the whole file, `en.json?shell` only the
 * groups the first screen needs (src/locales/shell-groups.ts), for the entry chunk. Without
 * distinct module ids the bundler would keep the file in one piece, all of it in the entry. Each
 * is `JSON.parse` of a string: V8 reads a large JSON text faster than the same object literal.
 */
function localeFiles(): Plugin {
  const parts = /\.json\?(all|shell)$/;
  return {
    name: 'locale-files',
    enforce: 'pre',
    async resolveId(source, importer) {
      const part = parts.exec(source)?.[1];
      if (!part) return null;
      const resolved = await this.resolve(source.replace(parts, '.json'), importer, { skipSelf: true });
      return resolved ? `${resolved.id}?${part}` : null;
    },
    load(id) {
      const part = parts.exec(id)?.[1];
      if (!part) return null;
      const file = id.replace(parts, '.json');
      this.addWatchFile(file);
      const strings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const resources =
        part === 'all' ? strings : Object.fromEntries(SHELL_GROUPS.map((group) => [group, strings[group]]));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(resources))});`;
    },
  };
}

// The api serves /api, /files and /pay on one port; in dev we forward those to it so the
// browser sees one origin, exactly like production.
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), localeFiles()],
  resolve: {
    alias: [
      // The default entry injects its CSS through a runtime <style> tag (at odds with a strict
      // CSP); the unstyled entry is the same API, and app/providers.tsx imports the CSS file.
      // Exact match only, so `import { toast } from 'react-toastify'` works everywhere.
      { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' },
    ],
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/files': apiTarget,
      '/pay': apiTarget,
    },
  },
  build: isSsrBuild
    ? {
        // The server renderer (src/entry-server.tsx → dist-server/entry-server.js), imported by the api.
        outDir: 'dist-server',
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: { output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        assetsDir: 'assets',
        // Every browser the shop supports preloads modules itself (the polyfill was 0.4 KB of the entry).
        modulePreload: { polyfill: false },
        // Which files (chunks, CSS) each route module needs: the server links them in the HTML
        // of the pages it renders.
        manifest: true,
        rollupOptions: {
          // index.html is the app; src/boot.ts starts it on server-rendered pages, after they paint.
          input: { index: 'index.html', boot: 'src/boot.ts' },
          // The contract's modules only declare schemas and constants. Telling the bundler so lets
          // it drop the zod schemas a chunk does not use (otherwise every `import { TIMINGS }` would
          // pull all of zod into the entry chunk).
          treeshake: {
            moduleSideEffects: (id: string) => !/[\\/]contract[\\/]src[\\/]/.test(id),
          },
          // Hashed names let the api cache assets as immutable.
          output: {
            entryFileNames: 'assets/[name]-[hash].js',
            chunkFileNames: 'assets/[name]-[hash].js',
            assetFileNames: 'assets/[name]-[hash][extname]',
            // React DOM and the router in chunks of their own: server-rendered pages run the app's
            // chunks one task each (src/boot.ts), and the entry alone would be one long task.
            codeSplitting: {
              groups: [
                { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/ },
                { name: 'router', test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
                // The contract's rules the product page runs (Find my size, the reviews' summary)
                // apart from the schemas a bundler would put beside them: zod stays off that page.
                // The constants they read stay in a chunk of their own (every page loads it).
                { name: 'constants', test: /[\\/]contract[\\/]src[\\/]constants\.ts$/, priority: 1 },
                { name: 'rules', test: /[\\/]contract[\\/]src[\\/](size-suggestion|review-rules)\.ts$/ },
              ],
            },
          },
        },
      },
}));
