import { GUARANTEE_NOTICE, GUARANTEE_NOTICE_LINK, GUARANTEE_NOTICE_QR, type Language } from '@shop/contract';

/*
 * The notice's drawing (Implementing Regulation (EU) 2025/1960, Annex I; decision 0054): its parts
 * in the Annex's order, laid out in a 600-unit-wide SVG. Text is broken into lines here, by an
 * estimate of its width generous enough for the widest of the fonts it may fall back to.
 */

export const WIDTH = 600;
const MARGIN = 36;
const CONTENT = WIDTH - 2 * MARGIN;
export const BLUE = '#0b4f9e';
export const YELLOW = '#faea26';
export const GREY = '#f1f1f2';
export const BAND = 124;
/** The QR code's side with its quiet zone: 30% of the width, so that it is 2 cm (76 px) wide from 254 px. */
export const QR_SIDE = 180;

/** Average advance of a character, in em, in the widest face the notice may be drawn in (DejaVu Sans). */
const CHAR_EM = 0.58;

export interface Line {
  text: string;
  x: number;
  y: number;
  size: number;
  bold?: boolean;
  color?: string;
  /** A link's text (underlined). */
  link?: boolean;
}

export interface NoticeLayout {
  height: number;
  lines: Line[];
  bullets: { x: number; y: number }[];
  steps: { x: number; y: number; n: number }[];
  /** The grey box of the QR code and its text. */
  box: { y: number; height: number };
  qr: { x: number; y: number; side: number; size: number; path: string };
  garan: { x: number; y: number };
}

/** Words into lines of at most `width` units at `size`. */
export function wrap(text: string, width: number, size: number): string[] {
  const max = Math.max(8, Math.floor(width / (size * CHAR_EM)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length > max && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export function noticeLayout(lang: Language): NoticeLayout {
  const n = GUARANTEE_NOTICE[lang];
  const lines: Line[] = [];
  const bullets: NoticeLayout['bullets'] = [];
  const steps: NoticeLayout['steps'] = [];
  let y = BAND + 46;

  const paragraph = (
    text: string,
    {
      size = 15,
      x = MARGIN,
      width = CONTENT,
      bold = false,
      color,
      gap = 10,
    }: Partial<Line> & { width?: number; gap?: number } = {},
  ) => {
    for (const part of wrap(text, width, size)) {
      lines.push({ text: part, x, y, size, bold, ...(color ? { color } : {}) });
      y += Math.round(size * 1.35);
    }
    y += gap;
  };
  const bulleted = (items: readonly string[], bold = false) => {
    for (const item of items) {
      bullets.push({ x: MARGIN + 8, y: y - 5 });
      paragraph(item, { x: MARGIN + 20, width: CONTENT - 20, bold, gap: 2 });
    }
    y += 8;
  };

  paragraph(n.lead, { size: 18, bold: true, color: BLUE, gap: 14 });
  paragraph(n.claim, { gap: 4 });
  bulleted(n.claimItems);
  paragraph(n.liable, { gap: 4 });
  bulleted(n.remedies, true);
  paragraph(n.longer, { gap: 16 });

  // The grey box: where to learn more, the QR code below it and its address beside the code.
  const boxTop = y - 6;
  y += 16;
  paragraph(n.more, { x: MARGIN + 16, width: CONTENT - 32, gap: 8 });
  const qrY = y - 10;
  const qr = GUARANTEE_NOTICE_QR[lang];
  const linkX = MARGIN + 16 + QR_SIDE + 18;
  const linkLines = wrap(GUARANTEE_NOTICE_LINK[lang].label, WIDTH - MARGIN - 16 - linkX, 15);
  linkLines.forEach((text, index) =>
    lines.push({ text, x: linkX, y: qrY + QR_SIDE / 2 + index * 20, size: 15, bold: true, color: BLUE, link: true }),
  );
  y = qrY + QR_SIDE + 16;
  const box = { y: boxTop, height: y - boxTop };
  y += 30;

  paragraph(n.todo, { bold: true, gap: 8 });
  n.steps.forEach((step, index) => {
    steps.push({ x: MARGIN + 12, y: y - 5, n: index + 1 });
    paragraph(step, { x: MARGIN + 34, width: CONTENT - 34, gap: 8 });
  });
  y += 10;

  // The commercial guarantee of durability, and the GARAN label it names, at its side.
  const garanTop = y;
  paragraph(n.garan, { size: 13, width: CONTENT - 150, gap: 0 });
  const garan = { x: WIDTH - MARGIN - 126, y: garanTop - 14 };
  y = Math.max(y, garan.y + 150) + 20;

  return {
    height: y,
    lines,
    bullets,
    steps,
    box,
    qr: { x: MARGIN + 16, y: qrY, side: QR_SIDE, size: qr.size, path: qr.path },
    garan,
  };
}
