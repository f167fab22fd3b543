import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';

/** A recall corrected, closed and printed (decision 0064). */
const t = useTestApp({ admin: true });

const NOTICE = {
  title: { en: 'Kettle lid recall', bg: 'Изземване на капак на чайник' },
  hazard: { en: 'The lid can come off and scald.', bg: 'Капакът може да падне и да попари.' },
  remedy: { en: 'Return it for a refund.', bg: 'Върнете го срещу възстановяване на сумата.' },
};

async function published(title = NOTICE.title) {
  const product = await t.createProduct({ name: 'Steel Kettle' });
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/admin/products/${product.id}/recall`,
    headers: bearer(t.admin),
    payload: { ...NOTICE, title },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return { productId: product.id, id: answer.json().recall.id as number };
}

const admin = (method: 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(t.admin), ...(payload ? { payload } : {}) });

describe('a recall after publishing', () => {
  it('has its texts corrected, then is closed: still listed, marked with its date, and no longer changed', async () => {
    const { id } = await published();
    const hazard = {
      en: 'The lid comes off when tilted and can scald.',
      bg: 'Капакът пада при накланяне и може да попари.',
    };
    const edited = await admin('PUT', `/api/admin/recalls/${id}`, { ...NOTICE, hazard });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id, hazard, closedAt: null, product: { name: { en: 'Steel Kettle' } } });
    expect(edited.json().editedAt).toMatch(/^\d{4}-/);
    // Both languages are required, as when publishing.
    const half = await admin('PUT', `/api/admin/recalls/${id}`, { ...NOTICE, remedy: { en: 'Return it.', bg: ' ' } });
    expect(half.statusCode).toBe(400);

    // The footer links /recalls while a recall is open (issue 50), and no longer once none is.
    const footerLinks = async () => {
      await t.heard();
      return (await t.app.inject({ url: '/api/settings' })).json().recalls as boolean;
    };
    expect(await footerLinks()).toBe(true);
    const closed = await admin('POST', `/api/admin/recalls/${id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await footerLinks()).toBe(false);
    expect(Date.now() - Date.parse(closed.json().closedAt)).toBeLessThan(60_000);
    const list = (await t.app.inject({ url: '/api/recalls' })).json().data;
    expect(list.find((each: { id: number }) => each.id === id)).toMatchObject({
      hazard,
      closedAt: closed.json().closedAt,
    });

    const again = await admin('POST', `/api/admin/recalls/${id}/close`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('RECALL_CLOSED');
    const late = await admin('PUT', `/api/admin/recalls/${id}`, NOTICE);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('RECALL_CLOSED');
    expect((await admin('POST', '/api/admin/recalls/999999/close')).statusCode).toBe(404);
  });

  it('keeps one title per product’s notice when corrected (409 RECALL_EXISTS)', async () => {
    const { productId, id } = await published();
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${productId}/recall`,
      headers: bearer(t.admin),
      payload: { ...NOTICE, title: { en: 'Kettle base recall', bg: 'Изземване на основа на чайник' } },
    });
    expect(other.statusCode, other.body).toBe(201);
    const clash = await admin('PUT', `/api/admin/recalls/${other.json().recall.id}`, NOTICE);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('RECALL_EXISTS');
    // Its own title again is no clash.
    expect((await admin('PUT', `/api/admin/recalls/${id}`, NOTICE)).statusCode).toBe(200);
  });

  it('prints as a PDF in both languages with a QR code to its page, closed ones saying so', async () => {
    const { id } = await published({ en: 'Kettle spout recall', bg: 'Изземване на чучур на чайник' });
    const pdf = await t.app.inject({ url: `/api/recalls/${id}/notice.pdf` });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`recall-${id}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The QR code's address is a link annotation of the page too.
    expect(pdf.rawPayload.toString('latin1')).toContain(`/URI (http://shop.test/recalls/${id})`);
    await admin('POST', `/api/admin/recalls/${id}/close`);
    const closed = await t.app.inject({ url: `/api/recalls/${id}/notice.pdf` });
    expect(closed.statusCode).toBe(200);
    expect(closed.rawPayload.length).toBeGreaterThan(pdf.rawPayload.length);
    expect((await t.app.inject({ url: '/api/recalls/999999/notice.pdf' })).statusCode).toBe(404);
  });
});
