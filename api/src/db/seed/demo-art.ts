/**
 * The demo catalogue's product images: WebP files committed in api/seed-art, rendered ahead of time
 * from the SVG drawings in scripts/demo-art by `npm run demo-art`, so a first start stores them
 * without drawing or encoding anything. `manifest.json` records, per image, the SHA-256 of the
 * SVG it was rendered from (a test checks it against the drawings) and the pixel sizes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EncodedImage } from '../../platform/files/images.js';
import { demoArtDir } from '../../paths.js';
import type { DemoColorName, GarmentKind } from './catalogue-types.js';

export type ArtView = 'front' | 'back';

/**
 * The close-ups of a colour shown with every photo (`SeedProduct.gallery`): crops of its front and
 * back drawings (scripts/demo-art/drawings.ts), after which the colour has MAX_COLOR_IMAGES photos.
 */
export const DETAIL_VIEWS = ['detail-1', 'detail-2', 'detail-3', 'detail-4', 'detail-5', 'detail-6'] as const;
export type DetailView = (typeof DETAIL_VIEWS)[number];

export interface DemoArtSize {
  width: number;
  height: number;
}

export interface DemoArtEntry extends DemoArtSize {
  /** SHA-256 (hex) of the SVG document the image was rendered from. */
  svgSha256: string;
  /** The narrower copies, by width (IMAGE_VARIANT_WIDTHS narrower than the image). */
  variants: DemoArtSize[];
}

export interface DemoArtManifest {
  generator: string;
  /** By image name (`demoArtName`). */
  images: Record<string, DemoArtEntry>;
}

export const DEMO_ART_MANIFEST = 'manifest.json';

/** `hoodie-slate-blue-front`: the garment, the colour's English name and the view. */
export function demoArtName(garment: GarmentKind, color: DemoColorName, view: ArtView | DetailView): string {
  return `${garment}-${color.toLowerCase().replace(/\s+/g, '-')}-${view}`;
}

/** The file of an image, or of its variant of the given width. */
export const demoArtFile = (name: string, width?: number) => (width ? `${name}-${width}w.webp` : `${name}.webp`);

export async function readDemoArtManifest(dir = demoArtDir): Promise<DemoArtManifest> {
  return JSON.parse(await readFile(join(dir, DEMO_ART_MANIFEST), 'utf8')) as DemoArtManifest;
}

/** An image and its variants, read from their files, ready for `saveImage`. */
export async function readDemoArt(manifest: DemoArtManifest, name: string): Promise<EncodedImage> {
  const entry = manifest.images[name];
  if (!entry) throw new Error(`The demo image ${name} is not in api/seed-art: run npm run demo-art`);
  const [main, ...variants] = await Promise.all(
    [entry, ...entry.variants].map(async (size, index) => ({
      bytes: await readFile(join(demoArtDir, demoArtFile(name, index === 0 ? undefined : size.width))),
      width: size.width,
      height: size.height,
    })),
  );
  return { main: main!, variants };
}
