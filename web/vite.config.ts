import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * `import('./en.json?all')`: the whole locale file as a module of its own. The entry chunk takes
 * a few groups of the same file by name (src/lib/i18n-shell-*.ts); without a distinct module id
 * the bundler would keep the file in one piece, all of it in the entry.
 */
function wholeLocaleFiles(): Plugin {
  const suffix = '.json?all';
  return {
    name: 'whole-locale-files',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(suffix)) return null;
      const resolved = await this.resolve(source.slice(0, -'?all'.length), importer, { skipSelf: true });
      return resolved ? `${resolved.id}?all` : null;
    },
    load(id) {
      if (!id.endsWith(suffix)) return null;
      const file = id.slice(0, -'?all'.length);
      this.addWatchFile(file);
      return `export default ${readFileSync(file, 'utf8')};`;
    },
  };
}

// The api serves /api, /files and /pay on one port; in dev we forward those to it so the
// browser sees one origin, exactly like production.
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), wholeLocaleFiles()],
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
