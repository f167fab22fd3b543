import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_VARIANT_WIDTHS, PRODUCT_IMAGE_SIZE } from '@shop/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoArtDrawings, svgSha256 } from '../../../../scripts/demo-art/drawings.js';
import { demoArtDir } from '../../paths.js';
import { DEMO_ART_MANIFEST, demoArtFile, readDemoArtManifest } from './demo-art.js';

describe('the demo art committed in api/seed-art', () => {
  it('was rendered from the drawings as they are now (if not: npm run demo-art, and commit api/seed-art)', async () => {
    const manifest = await readDemoArtManifest();
    const drawn = Object.fromEntries([...demoArtDrawings()].map(([name, svg]) => [name, svgSha256(svg)]));
    const recorded = Object.fromEntries(
      Object.entries(manifest.images).map(([name, entry]) => [name, entry.svgSha256]),
    );
    expect(recorded).toEqual(drawn);
  });

  it('holds exactly the WebP files the manifest lists, each of the size it says, with every variant', async () => {
    const manifest = await readDemoArtManifest();
    const expected = [DEMO_ART_MANIFEST];
    for (const [name, entry] of Object.entries(manifest.images)) {
      expect({ width: entry.width, height: entry.height }).toEqual(PRODUCT_IMAGE_SIZE);
      expect(entry.variants.map((variant) => variant.width)).toEqual([...IMAGE_VARIANT_WIDTHS]);
      for (const size of [entry, ...entry.variants]) {
        const file = demoArtFile(name, size === entry ? undefined : size.width);
        expected.push(file);
        const meta = await sharp(join(demoArtDir, file)).metadata();
        expect({ file, format: meta.format, width: meta.width, height: meta.height }).toEqual({
          file,
          format: 'webp',
          width: size.width,
          height: size.height,
        });
      }
    }
    expect((await readdir(demoArtDir)).sort()).toEqual(expected.sort());
  });
});
