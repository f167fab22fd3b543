// `npm run demo-art`: renders the demo catalogue's product images (garment-art.ts, SVG) to the
// WebP files the seed stores (api/seed-art), with their manifest. Only images whose drawing changed
// are rendered again (by the SVG's SHA-256); `-- --all` renders every one. Files no product uses
// any more are deleted. Run it after changing garment-art.ts or the catalogue's colours, and
// commit api/seed-art: the seed test fails while the files do not match the drawings.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'prettier';
import sharp from 'sharp';
import {
  DEMO_ART_MANIFEST,
  demoArtFile,
  readDemoArtManifest,
  type DemoArtManifest,
} from '../../api/src/db/seed/demo-art.js';
import { encodeImage } from '../../api/src/platform/files/images.js';
import { demoArtDir } from '../../api/src/paths.js';
import { demoArtDrawings, svgSha256 } from './drawings.js';

/** libwebp's slowest and smallest: these files are encoded once and served to every visitor. */
const EFFORT = 6;

async function main(): Promise<void> {
  const all = process.argv.includes('--all');
  mkdirSync(demoArtDir, { recursive: true });
  const previous: DemoArtManifest | undefined = existsSync(join(demoArtDir, DEMO_ART_MANIFEST))
    ? await readDemoArtManifest()
    : undefined;
  const manifest: DemoArtManifest = {
    generator: 'npm run demo-art (scripts/demo-art/render.ts, drawings in scripts/demo-art/garment-art.ts)',
    images: {},
  };
  const started = Date.now();
  let rendered = 0;
  for (const [name, svg] of [...demoArtDrawings()].sort(([a], [b]) => a.localeCompare(b))) {
    const hash = svgSha256(svg);
    const before = previous?.images[name];
    const filesThere =
      before &&
      [undefined, ...before.variants.map((variant) => variant.width)].every((width) =>
        existsSync(join(demoArtDir, demoArtFile(name, width))),
      );
    if (!all && before?.svgSha256 === hash && filesThere) {
      manifest.images[name] = before;
      continue;
    }
    const image = await encodeImage(sharp(Buffer.from(svg)), 'product', EFFORT);
    writeFileSync(join(demoArtDir, demoArtFile(name)), image.main.bytes);
    for (const variant of image.variants)
      writeFileSync(join(demoArtDir, demoArtFile(name, variant.width)), variant.bytes);
    manifest.images[name] = {
      svgSha256: hash,
      width: image.main.width,
      height: image.main.height,
      variants: image.variants.map(({ width, height }) => ({ width, height })),
    };
    rendered += 1;
    console.log(`rendered ${name}`);
  }

  const kept = new Set([DEMO_ART_MANIFEST]);
  for (const [name, entry] of Object.entries(manifest.images)) {
    kept.add(demoArtFile(name));
    for (const variant of entry.variants) kept.add(demoArtFile(name, variant.width));
  }
  for (const file of readdirSync(demoArtDir)) {
    if (kept.has(file)) continue;
    rmSync(join(demoArtDir, file));
    console.log(`deleted ${file}`);
  }
  const json = await format(JSON.stringify(manifest), { parser: 'json' });
  writeFileSync(join(demoArtDir, DEMO_ART_MANIFEST), json);
  const count = Object.keys(manifest.images).length;
  console.log(`${count} images in api/seed-art, ${rendered} rendered in ${Date.now() - started} ms`);
}

await main();
