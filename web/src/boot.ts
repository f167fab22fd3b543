/**
 * The only script a server-rendered page names (docs/decisions/0012). The page is already whole
 * when this runs, so the app (named by `<meta name="app-entry">`) is requested only once the
 * browser has painted it: its JavaScript then does not compete with the page's styles, fonts and
 * images for the network. A tab that never paints (opened in the background) starts it after 1 s.
 */
const entry = document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')?.content;
if (entry) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void import(/* @vite-ignore */ entry);
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
}
