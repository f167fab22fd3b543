// Bundles the API into one ESM file, and the admin command (src/cli) into another. The shared
// contract is inlined (it is TypeScript); every npm dependency stays external and is loaded from
// node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@shop/contract');

// The server, and the operators' command that sets an account's password (src/cli).
await build({
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    'admin-password': new URL('./src/cli/admin-password.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
