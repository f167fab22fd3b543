// The drawings of every image the demo catalogue shows, and the hash the manifest keeps of each
// (render.ts writes it; the seed's test checks it, so a drawing changed without rendering fails).
import { createHash } from 'node:crypto';
import { SEED_PRODUCTS } from '../../api/src/db/seed/catalogue.js';
import { DETAIL_VIEWS, demoArtName, type ArtView, type DetailView } from '../../api/src/db/seed/demo-art.js';
import { garmentSvg } from './garment-art.js';

const VIEWS: readonly ArtView[] = ['front', 'back'];

/**
 * Each close-up: a part of the front or back drawing, x and y its top left corner and w its width
 * in the drawing's 1200×1500 units (the height keeps the 4:5 of a product photo), drawn at full size.
 */
const DETAIL_CROPS: Record<DetailView, { view: ArtView; x: number; y: number; w: number }> = {
  'detail-1': { view: 'front', x: 300, y: 120, w: 600 },
  'detail-2': { view: 'front', x: 120, y: 420, w: 560 },
  'detail-3': { view: 'front', x: 500, y: 700, w: 560 },
  'detail-4': { view: 'back', x: 300, y: 120, w: 600 },
  'detail-5': { view: 'back', x: 560, y: 480, w: 560 },
  'detail-6': { view: 'front', x: 240, y: 380, w: 360 },
};

/** The drawing zoomed on a part of it: the same document, its view box narrowed. */
function crop(svg: string, { x, y, w }: { x: number; y: number; w: number }): string {
  const whole = 'viewBox="0 0 1200 1500"';
  if (!svg.includes(whole)) throw new Error('a garment drawing is no longer 1200×1500: update the close-ups');
  return svg.replace(whole, `viewBox="${x} ${y} ${w} ${(w * 5) / 4}"`);
}

export const svgSha256 = (svg: string) => createHash('sha256').update(svg).digest('hex');

/** Every image the catalogue shows, by name, with its SVG. */
export function demoArtDrawings(): Map<string, string> {
  const drawings = new Map<string, string>();
  for (const product of SEED_PRODUCTS) {
    for (const color of product.colors) {
      for (const view of VIEWS) {
        const name = demoArtName(product.garment, color.name, view);
        const svg = garmentSvg(product.garment, color, view);
        if (drawings.has(name) && drawings.get(name) !== svg) {
          throw new Error(`Two different drawings are both named ${name}: give the colours different names`);
        }
        drawings.set(name, svg);
      }
      if (product.gallery !== color.name) continue;
      for (const detail of DETAIL_VIEWS) {
        const { view, ...part } = DETAIL_CROPS[detail];
        drawings.set(
          demoArtName(product.garment, color.name, detail),
          crop(garmentSvg(product.garment, color, view), part),
        );
      }
    }
  }
  return drawings;
}
