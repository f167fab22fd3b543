import { GUARANTEE_NOTICE, GUARANTEE_NOTICE_LINK, guaranteeNoticeLines, type Language } from '@shop/contract';
import { escapeHtml } from '../../lib/format.js';
import { guaranteeQrPng } from '../../lib/guarantee-qr.js';
import type { Mail } from '../../platform/mail/mailer.js';

/*
 * The EU notice on the legal guarantee in the order confirmation mail (Implementing Regulation (EU)
 * 2025/1960, Annex I; decision 0054), in the order's language. Mail programs do not draw SVG, so
 * the notice is HTML laid out as the web's drawing is, with its QR code as an inline PNG.
 */

/** The Content-ID the notice's QR image is referred to by. */
export const GUARANTEE_QR_CID = 'legal-guarantee-qr@atelier-noir';
/** The QR code's width in the mail, in CSS pixels: over 2 cm (76 px at 96 dpi). */
const QR_PX = 120;
const BLUE = '#0b4f9e';

/** The notice as the plain-text part says it. */
export const guaranteeNoticeText = (lang: Language): string[] => guaranteeNoticeLines(lang);

/** The notice as an HTML block (tables and inline styles: what mail programs draw). */
export function guaranteeNoticeHtml(lang: Language): string {
  const n = GUARANTEE_NOTICE[lang];
  const link = GUARANTEE_NOTICE_LINK[lang];
  const p = (text: string, style = '') =>
    `<p style="margin:0 0 10px;line-height:1.45;${style}">${escapeHtml(text)}</p>`;
  const list = (items: readonly string[], style = '') =>
    `<ul style="margin:0 0 10px;padding-left:22px;line-height:1.45;${style}">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  return `<table role="presentation" lang="${lang}" style="width:100%;margin:24px 0;border-collapse:collapse;border:1px solid #cfc7ba;background:#fff;color:#000;font-family:Arial,Helvetica,sans-serif;font-size:14px">
<tr><td style="background:${BLUE};color:#fff;padding:18px 20px;font-size:24px;font-weight:bold;letter-spacing:1px">${escapeHtml(n.title)}</td></tr>
<tr><td style="padding:16px 20px 6px">
${p(n.lead, `color:${BLUE};font-weight:bold;font-size:16px`)}
${p(n.claim, 'margin-bottom:4px')}${list(n.claimItems)}
${p(n.liable, 'margin-bottom:4px')}${list(n.remedies, 'font-weight:bold')}
${p(n.longer)}
<table role="presentation" style="width:100%;border-collapse:collapse;background:#f1f1f2;margin:6px 0 14px"><tr><td style="padding:12px 14px" colspan="2">${escapeHtml(n.more)}</td></tr>
<tr><td style="padding:0 14px 14px;width:${QR_PX}px"><img src="cid:${GUARANTEE_QR_CID}" width="${QR_PX}" height="${QR_PX}" alt="${escapeHtml(`QR: ${link.label}`)}" style="display:block;width:${QR_PX}px;height:${QR_PX}px"></td>
<td style="padding:0 14px 14px;vertical-align:middle"><a href="${escapeHtml(link.url)}" style="color:${BLUE};font-weight:bold">${escapeHtml(link.label)}</a></td></tr></table>
${p(n.todo, 'font-weight:bold;margin-bottom:4px')}
<ol style="margin:0 0 10px;padding-left:22px;line-height:1.45">${n.steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol>
${p(n.garan, 'font-size:12px')}
</td></tr></table>`;
}

/** The QR code's PNG, referred to from the HTML by its Content-ID. */
export async function guaranteeNoticeAttachment(lang: Language): Promise<NonNullable<Mail['attachments']>[number]> {
  return {
    filename: 'legal-guarantee-qr.png',
    content: await guaranteeQrPng(lang),
    contentType: 'image/png',
    cid: GUARANTEE_QR_CID,
  };
}
