import { useEffect } from 'react';

const BRAND = 'Atelier Noir';

const fullTitle = (title?: string) => (title ? `${title} · ${BRAND}` : BRAND);

/** The title of the page the server renders (entry-server.tsx reads it after each render). */
let serverTitle = BRAND;
export function takeServerTitle(): string {
  const title = serverTitle;
  serverTitle = BRAND;
  return title;
}
function setServerTitle(title: string): void {
  serverTitle = title;
}

/** Sets the tab title for the page; the brand alone when the page has no title of its own. */
export function useDocumentTitle(title?: string): void {
  if (import.meta.env.SSR) setServerTitle(fullTitle(title));
  useEffect(() => {
    document.title = fullTitle(title);
  }, [title]);
}
