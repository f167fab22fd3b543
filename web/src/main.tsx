import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/global.css';
import { currentLanguage, startI18n } from './lib/i18n';
import { nextTask } from './lib/next-task';
import { readServerData } from './lib/server-render';
import { App } from './app/app';
import { createAppRouter, resolveCurrentPage } from './app/router';

const container = document.getElementById('root')!;

/**
 * Public pages arrive rendered by the server (docs/decisions/0012): the browser hydrates them,
 * once the visitor's language and the page's chunk are ready. Every other page, and a page
 * rendered in another language than the visitor's (a choice made before the server could know
 * it), is rendered here from scratch. English is the fallback if a language chunk fails.
 */
async function start() {
  await nextTask();
  await startI18n().catch(() => undefined);
  await nextTask();
  const server = readServerData();
  let hydrate = server !== null && container.hasChildNodes() && server.lang === currentLanguage();
  if (hydrate) {
    try {
      await resolveCurrentPage();
    } catch {
      // The page's chunk did not load: render from scratch, and the router shows the error page.
      hydrate = false;
    }
    await nextTask();
  }
  const router = createAppRouter();
  await nextTask();
  const app = (
    <StrictMode>
      <App router={router} fallback={server?.fallback} />
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread (the page is already on screen and must stay responsive).
  if (hydrate) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start();
