/**
 * The shop's CSP allows no eval (`script-src 'self'`). Zod, in the chunks of the forms, probes for
 * eval with `new Function('')` unless it is told to be jitless, and Chromium reports that probe as
 * a CSP violation (Lighthouse's best practices count it). Zod's documented
 * `z.config({ jitless: true })` would bring its core into the entry (+3.7 KB gzip); zod keeps the
 * same settings on this global, which it reads (or creates) when it loads, whichever comes first.
 * Imported first by `main.tsx`, before any schema is used.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
