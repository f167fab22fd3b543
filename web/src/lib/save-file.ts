import { apiDownload } from './api-client';

/** Hands bytes to the browser as a download named `name`; the memory goes once it has taken them. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads what the api answers at `path` (sent with the bearer token, which a plain link cannot
 * carry) under the name the server gives it, else `fallback`; answers the name saved.
 */
export async function downloadFromApi(path: string, fallback: string): Promise<string> {
  const { blob, filename } = await apiDownload(path);
  const name = filename ?? fallback;
  saveFile(blob, name);
  return name;
}
