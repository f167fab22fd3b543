import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@shop/contract';
import type { FastifyRequest } from 'fastify';

export const isLanguage = (value: string | undefined): value is Language =>
  value !== undefined && (LANGUAGES as readonly string[]).includes(value);

/**
 * `?lang=` wins, then the first supported language of Accept-Language, then English.
 * An unknown language is never an error.
 */
export function requestLanguage(request: FastifyRequest, fromQuery?: string): Language {
  return isLanguage(fromQuery) ? fromQuery : acceptedLanguage(request.headers['accept-language']);
}

/** The first supported language of an Accept-Language header, else English. */
export function acceptedLanguage(header: string | undefined): Language {
  if (header) {
    for (const part of header.split(',')) {
      const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
      if (isLanguage(tag)) return tag;
    }
  }
  return DEFAULT_LANGUAGE;
}

const LANGUAGE_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`);

const LANGUAGE_QUERY_PATTERN = /[?&]lang=([a-z]{2})(?:&|$)/;

/**
 * The language of a server-rendered page: `?lang=` (each language has its own address, for
 * links and search engines), else the web app's cookie copy of the visitor's choice, else the
 * first supported language the browser asks for (Accept-Language; the web app starts in the same
 * one, lib/i18n.ts), else English.
 */
export function pageLanguage(request: FastifyRequest): Language {
  const asked = LANGUAGE_QUERY_PATTERN.exec(request.url)?.[1];
  if (isLanguage(asked)) return asked;
  const chosen = LANGUAGE_COOKIE_PATTERN.exec(request.headers.cookie ?? '')?.[1];
  return isLanguage(chosen) ? chosen : acceptedLanguage(request.headers['accept-language']);
}
