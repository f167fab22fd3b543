import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type PDFKitDocument from 'pdfkit';
import { pdfFontsDir } from '../paths.js';

/**
 * pdfkit (with fontkit, its Unicode tables and its standard fonts) and the faces, loaded by the
 * first PDF, not at start: they were a tenth of the start-up's CPU time (decision 0053). pdfkit is
 * CommonJS, so it loads synchronously and `newPdf` stays synchronous.
 *
 * DejaVu Sans (Bitstream Vera licence): Latin, Greek and Cyrillic, embedded (subset) in every PDF;
 * read once, cut ahead of time to the scripts documents write (`npm run pdf-fonts`): parsing the
 * whole 750 KB face took most of a document's time.
 */
let pdfKit: { PDFDocument: typeof PDFKitDocument; font: Buffer; bold: Buffer } | undefined;
const loadCommonJs = createRequire(import.meta.url);
const loadPdfKit = () =>
  (pdfKit ??= {
    PDFDocument: loadCommonJs('pdfkit') as typeof PDFKitDocument,
    font: readFileSync(join(pdfFontsDir, 'DejaVuSans.ttf')),
    bold: readFileSync(join(pdfFontsDir, 'DejaVuSans-Bold.ttf')),
  });

/**
 * A new PDF (A4 unless said) with DejaVu registered as `text` and `bold`, and the promise of its
 * bytes once ended: the sale document's, the invoices' and the couriers' labels share it.
 */
export function newPdf(
  info: PDFKit.DocumentInfo,
  page: { size: string; margin: number } = { size: 'A4', margin: 50 },
): { pdf: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const { PDFDocument, font, bold } = loadPdfKit();
  const pdf = new PDFDocument({ ...page, info });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('text', font);
  pdf.registerFont('bold', bold);
  return { pdf, done };
}
