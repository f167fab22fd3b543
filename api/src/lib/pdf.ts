import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { pdfFontsDir } from '../paths.js';

/**
 * DejaVu Sans (Bitstream Vera licence): Latin, Greek and Cyrillic, embedded (subset) in every PDF;
 * read once, cut ahead of time to the scripts documents write (`npm run pdf-fonts`): parsing the
 * whole 750 KB face took most of a document's time.
 */
const FONT = readFileSync(join(pdfFontsDir, 'DejaVuSans.ttf'));
const FONT_BOLD = readFileSync(join(pdfFontsDir, 'DejaVuSans-Bold.ttf'));

/**
 * A new PDF (A4 unless said) with DejaVu registered as `text` and `bold`, and the promise of its
 * bytes once ended: the sale document's, the invoices' and the couriers' labels share it.
 */
export function newPdf(
  info: PDFKit.DocumentInfo,
  page: { size: string; margin: number } = { size: 'A4', margin: 50 },
): { pdf: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const pdf = new PDFDocument({ ...page, info });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('text', FONT);
  pdf.registerFont('bold', FONT_BOLD);
  return { pdf, done };
}
