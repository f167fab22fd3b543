import { useEffect } from 'react';

const BRAND = 'Atelier Noir';

/** Sets the tab title for the page; the brand alone when the page has no title of its own. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND}` : BRAND;
  }, [title]);
}
