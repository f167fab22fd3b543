import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptedLanguage, pageLanguage } from './language.js';

const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers }) as unknown as FastifyRequest;

describe('pageLanguage', () => {
  it('renders a first visit in the language the browser asks for (Accept-Language), English when none is the shop’s', () => {
    expect(pageLanguage(request('/', { 'accept-language': 'bg' }))).toBe('bg');
    expect(pageLanguage(request('/clothing', { 'accept-language': 'bg-BG,bg;q=0.9,en;q=0.8' }))).toBe('bg');
    expect(pageLanguage(request('/', { 'accept-language': 'de-DE,fr;q=0.8' }))).toBe('en');
    expect(pageLanguage(request('/'))).toBe('en');
  });

  it('lets an explicit choice win over the browser: ?lang= first, then the saved choice’s cookie', () => {
    expect(pageLanguage(request('/?lang=en', { 'accept-language': 'bg', cookie: 'lang=bg' }))).toBe('en');
    expect(pageLanguage(request('/', { 'accept-language': 'bg', cookie: 'theme=x; lang=en' }))).toBe('en');
    expect(pageLanguage(request('/', { 'accept-language': 'en', cookie: 'lang=bg' }))).toBe('bg');
  });
});

describe('acceptedLanguage', () => {
  it('takes the first supported language in the header’s order', () => {
    expect(acceptedLanguage('fr, bg;q=0.5, en;q=0.4')).toBe('bg');
    expect(acceptedLanguage(undefined)).toBe('en');
  });
});
