import type { Language } from '@shop/contract';
import { escapeHtml } from '../../../lib/format.js';

/** A rendered mail body: the plain-text part and the HTML part of one message. */
export interface MailBody {
  subject: string;
  text: string;
  html: string;
}

export interface MailContent {
  lang: Language;
  subject: string;
  /** Hidden preview line shown by mail clients beside the subject. */
  preheader: string;
  heading: string;
  /** Paragraphs before the highlight (plain text; escaped for HTML). */
  intro: string[];
  /** A code shown large (signup), or a button with its link (reset). */
  highlight?: { kind: 'code'; value: string } | { kind: 'link'; label: string; url: string };
  /**
   * Rendered beside the paragraphs, after the intro (a campaign's product cards): HTML the caller
   * built and escaped itself, and what the plain-text part says instead.
   */
  block?: { html: string; text: string };
  /** Paragraphs after the highlight. */
  outro?: string[];
  /** The line at the foot, instead of the shopper's (why they receive it): the owner's notices. */
  footer?: string;
  /** Marketing mail only: why it came and the visible link that leaves the list (YEAR.md section 4). */
  unsubscribe?: { text: string; label: string; url: string };
}

const FOOTER: Record<Language, string> = {
  en: 'Atelier Noir · luxury meets the street. You receive this mail because of an action on your account.',
  bg: 'Atelier Noir · луксът среща улицата. Получавате това писмо заради действие във вашия профил.',
};

/**
 * The shop's one mail layout: monochrome with the oxblood accent, table-based and inline-styled
 * because mail clients ignore stylesheets. Every value is escaped; the text part says the same.
 */
export function renderMail(content: MailContent): MailBody {
  const { highlight } = content;
  const outro = content.outro ?? [];
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#1d1b19">${escapeHtml(text)}</p>`;

  let highlightHtml = '';
  let highlightText = '';
  if (highlight?.kind === 'code') {
    highlightHtml = `<p style="margin:8px 0 24px;font-family:'Courier New',monospace;font-size:34px;letter-spacing:10px;font-weight:700;color:#0f0e0d;text-align:center;background:#f4f0e8;border-radius:10px;padding:18px 0">${escapeHtml(highlight.value)}</p>`;
    highlightText = `    ${highlight.value}`;
  } else if (highlight?.kind === 'link') {
    highlightHtml = `<p style="margin:8px 0 24px;text-align:center"><a href="${escapeHtml(highlight.url)}" style="display:inline-block;background:#7d2431;color:#fbf9f5;text-decoration:none;font-size:14px;letter-spacing:2px;text-transform:uppercase;padding:14px 28px;border-radius:999px">${escapeHtml(highlight.label)}</a></p>
<p style="margin:0 0 16px;font-size:12px;line-height:1.5;color:#5c554c;word-break:break-all">${escapeHtml(highlight.url)}</p>`;
    highlightText = `${highlight.label}: ${highlight.url}`;
  }

  const { unsubscribe } = content;
  const unsubscribeHtml = unsubscribe
    ? `<br>${escapeHtml(unsubscribe.text)} <a href="${escapeHtml(unsubscribe.url)}" style="color:#7d2431">${escapeHtml(unsubscribe.label)}</a>`
    : '';
  const html = `<!doctype html>
<html lang="${content.lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#e9e3d8">
<span style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(content.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#e9e3d8;padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fbf9f5;border-radius:18px;overflow:hidden;font-family:Helvetica,Arial,sans-serif">
<tr><td style="background:#0f0e0d;padding:22px 32px;color:#f4f0e8;font-family:Georgia,'Times New Roman',serif;font-size:22px;letter-spacing:6px;text-transform:uppercase">Atelier Noir</td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 20px;font-family:Georgia,'Times New Roman',serif;font-weight:400;font-size:26px;color:#0f0e0d">${escapeHtml(content.heading)}</h1>
${content.intro.map(paragraph).join('\n')}
${content.block?.html ?? ''}
${highlightHtml}
${outro.map(paragraph).join('\n')}
</td></tr>
<tr><td style="padding:18px 32px;border-top:1px solid #e9e3d8;font-size:12px;line-height:1.5;color:#5c554c">${escapeHtml(content.footer ?? FOOTER[content.lang])}${unsubscribeHtml}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  const text = [
    'ATELIER NOIR',
    '',
    content.heading,
    '',
    ...content.intro.flatMap((line) => [line, '']),
    ...(content.block ? [content.block.text, ''] : []),
    ...(highlightText ? [highlightText, ''] : []),
    ...outro.flatMap((line) => [line, '']),
    '--',
    content.footer ?? FOOTER[content.lang],
    ...(unsubscribe ? [`${unsubscribe.text} ${unsubscribe.label}: ${unsubscribe.url}`] : []),
    '',
  ].join('\n');

  return { subject: content.subject, text, html };
}
