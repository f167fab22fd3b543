/**
 * The only script a server-rendered page names (docs/decisions/0012). The page is already whole
 * when this runs, so the app is requested only once the browser has shown its first paint (the
 * hero picture is preloaded and shows in it): its JavaScript then does not compete with the
 * page's styles, fonts and images for the network. A frame is shown some time after its
 * `requestAnimationFrame` callbacks run, so the paint timing entry is what tells. Where there is
 * none (a browser without paint timing), the app starts after the next frame; a tab that never
 * paints (opened in the background) starts it after 1 s.
 *
 * `<meta name="app-entry">` names the app's chunks, then its screen's, each after the chunks it
 * imports (api/src/platform/web/pages.ts). All are fetched at once, then run one per task: run as
 * one module graph, they would hold the main thread for as long as all of them take together.
 */
const chunks = document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')?.content.split(' ') ?? [];

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start() {
  // Each link costs the browser about a millisecond to set up: one per task, not one long task.
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
    await nextTask();
  }
  for (const href of chunks) {
    await import(/* @vite-ignore */ href);
    await nextTask();
  }
}

if (chunks.length > 0) {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    void start();
  };
  setTimeout(startOnce, 1000);
  afterFirstPaint(startOnce);
}

/** Runs `callback` once the first contentful paint is on screen, or after the next frame. */
function afterFirstPaint(callback: () => void) {
  try {
    if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
      new PerformanceObserver((entries, observer) => {
        if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        callback();
      }).observe({ type: 'paint', buffered: true });
      return;
    }
  } catch {
    // A browser that runs modules but predates `supportedEntryTypes` or typed `observe()`.
  }
  requestAnimationFrame(() => setTimeout(callback, 0));
}
