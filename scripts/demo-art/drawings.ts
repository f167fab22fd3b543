// The drawings of every image the demo catalogue shows, and the hash the manifest keeps of each
// (render.ts writes it; the seed's test checks it, so a drawing changed without rendering fails).
import { createHash } from 'node:crypto';
import { SEED_PRODUCTS } from '../../api/src/db/seed/catalogue.js';
import { demoArtName, type ArtView } from '../../api/src/db/seed/demo-art.js';
import { garmentSvg } from './garment-art.js';

const VIEWS: readonly ArtView[] = ['front', 'back'];

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
    }
  }
  return drawings;
}
