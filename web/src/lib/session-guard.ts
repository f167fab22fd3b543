import { toast } from 'react-toastify';
import type { TFunction } from 'i18next';
import { readToken } from './session';

/**
 * Admin actions need the stored token (another tab may have logged out meanwhile): without it
 * the spec's "No token found. Please log in again." is shown and nothing is sent.
 */
export function ensureToken(t: TFunction): boolean {
  if (readToken()) return true;
  toast.error(t('admin.noToken'));
  return false;
}
