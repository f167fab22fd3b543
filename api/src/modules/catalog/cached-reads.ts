/** The headers of a cached catalogue read, beside its ETag (answers vary by language, encoding and user). */
export const CATALOG_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-cache',
  vary: 'accept-language, accept-encoding, authorization',
};
