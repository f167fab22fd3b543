import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GUARANTEE_NOTICE, GUARANTEE_NOTICE_LINK, GUARANTEE_NOTICE_QR } from '@shop/contract';
import i18n from '../../lib/i18n';
import { GuaranteeNotice } from './guarantee-notice';
import { GuaranteeNoticeDisclosure } from './guarantee-notice-disclosure';
import { noticeLayout, QR_SIDE, WIDTH, wrap } from './layout';

describe('GuaranteeNotice (Implementing Regulation (EU) 2025/1960, Annex I)', () => {
  for (const lang of ['en', 'bg'] as const) {
    it(`is an image in ${lang} with its alternative text, the whole text as its description, its QR code and the link`, () => {
      render(<GuaranteeNotice lang={lang} />);
      const image = screen.getByRole('img', { name: GUARANTEE_NOTICE[lang].alt });
      expect(image).toHaveAccessibleDescription(expect.stringContaining(GUARANTEE_NOTICE[lang].steps[1]));
      expect(image.querySelector('[data-qr] path')).toHaveAttribute('d', GUARANTEE_NOTICE_QR[lang].path);
      expect(screen.getByRole('link', { name: GUARANTEE_NOTICE_LINK[lang].label })).toHaveAttribute(
        'href',
        GUARANTEE_NOTICE_LINK[lang].url,
      );
      expect(image.textContent).toContain(GUARANTEE_NOTICE[lang].title);
    });
  }

  it('keeps the QR code at 30% of its width, so that it is 2 cm (76 px) wide from 260 px', () => {
    expect(QR_SIDE / WIDTH).toBeGreaterThan(76 / 260);
  });

  it('breaks every line within the drawing', () => {
    for (const lang of ['en', 'bg'] as const) {
      for (const line of noticeLayout(lang).lines)
        expect(line.x + line.text.length * line.size * 0.58).toBeLessThanOrEqual(WIDTH - 20);
    }
    expect(wrap('one two three four', 200, 10)).toEqual(['one two three four']);
    expect(wrap('one two three four', 60, 10)).toEqual(['one two', 'three four']);
  });

  it('opens in place behind a clearly named button on the product page', async () => {
    await i18n.changeLanguage('en');
    render(<GuaranteeNoticeDisclosure />);
    const button = screen.getByRole('button', { name: 'Legal guarantee of at least 2 years: show the EU notice' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('img', { name: GUARANTEE_NOTICE.en.alt })).toBeInTheDocument();
  });
});
