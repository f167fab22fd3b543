import type { Language } from '@shop/contract';

/**
 * What the server tells the browser about the HTML it rendered (docs/decisions/0012): the
 * language it rendered in and the api answers it showed, as a JSON data block (never run as a
 * script, so the strict CSP needs no exception).
 */
export interface ServerRenderData {
  lang: Language;
  /** SWR keys to api answers. */
  fallback: Record<string, unknown>;
}

export const SERVER_DATA_ID = 'server-data';

/** JSON that is safe inside <script>: no `</script>`, `<!--` or line separators can break out. */
export function serializeServerData(data: ServerRenderData): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Whether the page arrived rendered by the server (its data block is kept for the page's life). */
export const isServerRendered = (): boolean => document.getElementById(SERVER_DATA_ID) !== null;

export function readServerData(): ServerRenderData | null {
  const text = document.getElementById(SERVER_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerRenderData;
  } catch {
    return null;
  }
}
