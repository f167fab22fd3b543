import { GUARANTEE_NOTICE, GUARANTEE_NOTICE_LINK } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.js';
import { useTestApp } from '../../test/harness.js';
import { addCartLine, TEST_DELIVERY } from '../payments/test-support.js';
import { GUARANTEE_QR_CID } from './guarantee-notice.js';

const t = useTestApp({ smtp: true });

/** A cash-on-delivery order placed in `lang`: its confirmation is mailed at once. */
async function codOrder(lang: 'en' | 'bg') {
  const user = await t.createUser({ locale: lang });
  const product = await t.createProduct({ priceCents: 4000 });
  await addCartLine(t.db, user, product);
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/checkout/session?lang=${lang}`,
    headers: bearer(user),
    payload: { delivery: TEST_DELIVERY, paymentMethod: 'cod' },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return user;
}

describe('the order confirmation mail carries the EU notice on the legal guarantee', () => {
  for (const lang of ['en', 'bg'] as const) {
    it(`in the order's language (${lang}), with its QR code inline and its link`, async () => {
      const user = await codOrder(lang);
      const mail = await t.smtp.waitFor(user.email);
      const notice = GUARANTEE_NOTICE[lang];
      const other = GUARANTEE_NOTICE[lang === 'en' ? 'bg' : 'en'];
      for (const part of [notice.title, notice.lead, notice.remedies[0], notice.steps[1]]) {
        expect(mail.text).toContain(part);
        expect(mail.html).toContain(part);
      }
      expect(mail.text).not.toContain(other.lead);
      expect(mail.text).toContain(GUARANTEE_NOTICE_LINK[lang].label);
      expect(mail.html).toContain(`href="${GUARANTEE_NOTICE_LINK[lang].url}"`);
      // The QR code: an image the HTML refers to by Content-ID, 120 px wide (over 2 cm).
      expect(mail.html).toMatch(new RegExp(`<img src="cid:${GUARANTEE_QR_CID}" width="120"`));
      expect(mail.raw).toMatch(new RegExp(`Content-ID: <${GUARANTEE_QR_CID}>`, 'i'));
      expect(mail.raw).toMatch(/Content-Type: image\/png/i);
    });
  }
});
