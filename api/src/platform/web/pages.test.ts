import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageTemplate } from './page-template.js';
import { loadPageRenderer } from './pages.js';

/** index.html as the web build writes it: web/index.html's slots, then the app's tags Vite adds. */
const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <!--slot:description-->
    <meta
      name="description"
      content="The shop's own words."
    />
    <!--/slot:description-->
    <link rel="preload" href="/assets/sans.woff2" as="font" type="font/woff2" crossorigin />
    <!--slot:title--><title>Atelier Noir</title><!--/slot:title-->
    <!--slot:app-->
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/react-1.css">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', src: 'index.html', imports: ['_react.js'], css: ['assets/index-1.css'] },
  '_react.js': { file: 'assets/react-1.js', css: ['assets/react-1.css'] },
  'src/boot.ts': { file: 'assets/boot-1.js', src: 'src/boot.ts' },
  'src/routes/product.tsx': {
    file: 'assets/product-1.js',
    src: 'src/routes/product.tsx',
    imports: ['_react.js', '_gallery.js'],
    css: ['assets/product-1.css'],
  },
  '_gallery.js': { file: 'assets/gallery-1.js' },
  'src/styles/fonts/serif.woff2': { file: 'assets/serif-1.woff2', src: 'src/styles/fonts/serif.woff2' },
};

/** A renderer as web/dist-server/entry-server.js exports it: one product page, with its own head. */
const RENDERER = `
export const isKnownPath = () => true;
export const planPage = (pathname) => pathname.startsWith('/product/')
  ? { modules: ['src/routes/product.tsx'], data: ['/products/1'], fonts: ['serif.woff2'], variant: '' }
  : null;
export async function renderPage(pathname, lang, data) {
  if (pathname === '/product/2') return { title: '', head: '', html: '<p>Untitled</p>', dataScript: '' };
  return {
    title: data['/products/1'].name + ' — Atelier Noir',
    head: '<meta name="description" content="A coat."><link rel="canonical" href="https://shop.test/product/1">',
    html: '<main>' + lang + '</main>',
    dataScript: '<script type="application/json" id="page-data">{}</script>',
  };
}
`;

const dir = mkdtempSync(join(tmpdir(), 'pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function build(html = BUILT, manifest: object = MANIFEST) {
  const dist = join(dir, `dist-${Math.random().toString(36).slice(2)}`);
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'server'));
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dist, 'server/entry-server.js'), RENDERER);
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets/product-1.css'), '.gallery{display:grid}.quote::after{content:"</style>"}');
  return loadPageRenderer(dist, join(dist, 'server'));
}

const readApi = (path: string) => Promise.resolve(path === '/products/1' ? { name: 'Bone <Coat>' } : null);

async function rendered(pathname: string, lang: 'en' | 'bg') {
  const renderer = (await build())!;
  return (await renderer.render(pathname, lang, renderer.plan(pathname, lang)!, readApi))!;
}

describe('the server-rendered page', () => {
  it("is the built index.html with the page's language, title, head, content and the boot script", async () => {
    expect(await rendered('/product/1', 'bg')).toBe(
      `<!doctype html>
<html lang="bg">
  <head>
    <meta charset="UTF-8" />
    ` +
        // The template's description gives way to the page's own.
        `
    <link rel="preload" href="/assets/sans.woff2" as="font" type="font/woff2" crossorigin />
    <title>Bone &lt;Coat&gt; — Atelier Noir</title>
    ` +
        // The app's script and preloads give way to the boot script and the list of chunks it loads;
        // the entry's style sheets stay, in the build's order, and the screen's own follow the page's head,
        // written into it (no request of its own before the first paint), each with a disabled link of
        // its file for the app's loader to find.
        '<meta name="app-entry" content="/assets/react-1.js /assets/index-1.js /assets/gallery-1.js /assets/product-1.js">' +
        '<script type="module" src="/assets/boot-1.js"></script>' +
        '<link rel="stylesheet" crossorigin href="/assets/react-1.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/index-1.css">' +
        '<meta name="description" content="A coat."><link rel="canonical" href="https://shop.test/product/1">' +
        '<link rel="preload" href="/assets/serif-1.woff2" as="font" type="font/woff2" crossorigin>' +
        '<style>.gallery{display:grid}.quote::after{content:"<\\/style>"}</style>' +
        '<link rel="stylesheet" href="/assets/product-1.css" disabled>' +
        `</head>
  <body>
    <div id="root"><main>bg</main></div><script type="application/json" id="page-data">{}</script>
  </body>
</html>
`,
    );
  });

  it("keeps the template's title and description when the page has none of its own", async () => {
    const html = await rendered('/product/2', 'en');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Atelier Noir</title>');
    expect(html).toContain('content="The shop\'s own words."');
    expect(html).not.toContain('<!--');
  });

  it('is not rendered when an answer the page shows is missing', async () => {
    const renderer = (await build())!;
    const plan = renderer.plan('/product/1', 'en')!;
    expect(await renderer.render('/product/1', 'en', plan, () => Promise.resolve(null))).toBeNull();
  });

  it('refuses a build whose index.html lacks a slot, or whose styles are not the manifest entry’s', async () => {
    await expect(build(BUILT.replace('<!--slot:app-->', ''))).rejects.toThrow(/<!--slot:app-->/);
    await expect(
      build(BUILT.replace('<link rel="stylesheet" crossorigin href="/assets/react-1.css">', '')),
    ).rejects.toThrow(/style sheets/);
  });
});

describe("the app's shell (a page the browser renders)", () => {
  it('is the built index.html in the language, without the slot markers', () => {
    const shell = pageTemplate(BUILT).shell('bg');
    expect(shell).toBe(BUILT.replace('<html lang="en">', '<html lang="bg">').replace(/<!--\/?slot:[a-z]+-->/g, ''));
  });
});
