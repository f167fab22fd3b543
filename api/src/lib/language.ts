import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shop/contract';
import type { FastifyRequest } from 'fastify';

/**
 * `?lang=` wins, then the first supported language of Accept-Language, then English.
 * An unknown language is never an error.
 */
export function requestLanguage(request: FastifyRequest, fromQuery?: string): Language {
  if (fromQuery && (LANGUAGES as readonly string[]).includes(fromQuery)) return fromQuery as Language;
  const header = request.headers['accept-language'];
  if (header) {
    for (const part of header.split(',')) {
      const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
      if (tag && (LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
    }
  }
  return DEFAULT_LANGUAGE;
}
