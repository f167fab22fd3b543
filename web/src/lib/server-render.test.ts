import { afterEach, describe, expect, it } from 'vitest';
import { readServerData, serializeServerData, SERVER_DATA_ID } from './server-render';

function embed(json: string) {
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${SERVER_DATA_ID}">${json}</script>`;
}

describe('server-rendered data', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('cannot close its script element or open a comment, whatever an admin named a product', () => {
    const name = '</script><script>alert(1)</script><!-- \u2028 & >';
    const json = serializeServerData({ lang: 'en', fallback: { '/products/1?lang=en': { name } } });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    embed(json);
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(readServerData()).toEqual({ lang: 'en', fallback: { '/products/1?lang=en': { name } } });
  });

  it('is absent on pages the browser renders, and ignored when unreadable', () => {
    expect(readServerData()).toBeNull();
    embed('{not json');
    expect(readServerData()).toBeNull();
  });
});
