import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { seed } from './db/seed/index.js';
import { framed } from './lib/framed.js';
import { keepFilesPrivate } from './platform/security/private-files.js';

/** How long a stopping process keeps serving (closing each connection after its answer) before it closes. */
const DRAIN_MS = 1000;

async function main(): Promise<void> {
  keepFilesPrivate();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config });
  // In the log (where monitoring reads it) and on standard error (where a person starting the shop looks).
  for (const warning of config.warnings) {
    app.log.warn(warning);
    process.stderr.write(`WARNING: ${warning}\n`);
  }
  const seeded = await seed(app.db, config, app.log);

  // While draining, every answer closes its connection: a keep-alive client opens a new one
  // (to another process behind a load balancer) instead of sending its next request on a socket
  // this process is about to close, where it would be lost in transit.
  const shutdown = async (signal: string) => {
    if (app.draining) return;
    app.draining = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 20_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // A deeper accept queue than Node's 511: a burst of new connections (1,000 shoppers arriving
  // at once in the polling benchmark) waits in it instead of being reset (the kernel caps it
  // at net.core.somaxconn).
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  app.log.info(`Atelier Noir is open at ${config.publicUrl}`);
  const { rootAdmin } = seeded;
  if (rootAdmin?.generatedPassword)
    printFirstCredentials(rootAdmin.email, rootAdmin.generatedPassword, config.publicUrl);
}

/** The root admin's generated password, shown once: on standard error, framed, below the start-up lines. */
function printFirstCredentials(email: string, password: string, publicUrl: string): void {
  const box = framed([
    'The root admin was created. Sign in with:',
    '',
    `  email     ${email}`,
    `  password  ${password}`,
    '',
    `at ${publicUrl}/login. This password is shown only now.`,
    'To choose another at any time: npm run admin:password -- <email>',
  ]);
  process.stderr.write(`\n${box}\n\n`);
}

main().catch((error: unknown) => {
  // A configuration problem found while opening the shop (DATA_DIR of another user): its message, no stack.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
