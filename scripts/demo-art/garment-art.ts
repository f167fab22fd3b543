/**
 * Product "photographs" for the demo catalogue, drawn as SVG: a studio backdrop with a soft drop
 * shadow and a ghost-mannequin illustration of the garment in the chosen colour. Rendered to WebP
 * by sharp (librsvg) in `npm run demo-art` (render.ts, into api/seed-art, which the seed reads),
 * so everything here is plain SVG 1.1: paths, gradients,
 * clip paths, opacity and Gaussian blur. No text, fonts or external resources are used: the few
 * letters (the brand mark, prints) are drawn as stroked paths by a tiny built-in stroke font.
 *
 * Coordinates: a 1200×1500 canvas; garments are symmetric about x = 600 and most shapes are
 * written for the right-hand side as [dx, y] (dx = distance from the centre line) and mirrored.
 */
import type { GarmentKind, SeedColor } from '../../api/src/db/seed/catalogue-types.js';
import type { ArtView } from '../../api/src/db/seed/demo-art.js';

type Pt = readonly [number, number];
/** One path segment to an end point: [end] line, [ctrl, end] quadratic, [c1, c2, end] cubic. */
type Seg = readonly [Pt] | readonly [Pt, Pt] | readonly [Pt, Pt, Pt];

const W = 1200;
const H = 1500;
const CX = 600;

// ------------------------------------------------------------------------------------- colour

function parseHex(c: string): [number, number, number] {
  let h = c.trim().replace(/^#/, '');
  if (h.length === 3) h = [...h].map((ch) => ch + ch).join('');
  if (!/^[0-9a-f]{6}$/i.test(h)) return [128, 128, 128];
  const v = Number.parseInt(h, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function toHex(r: number, g: number, b: number): string {
  const c = (x: number) =>
    Math.max(0, Math.min(255, Math.round(x)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = parseHex(a);
  const [r2, g2, b2] = parseHex(b);
  return toHex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}
const darken = (c: string, t: number) => mix(c, '#000000', t);
const lighten = (c: string, t: number) => mix(c, '#ffffff', t);

/** Relative luminance, 0 (black) to 1 (white). */
function luminance(c: string): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseHex(c);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

interface Palette {
  base: string;
  accent: string;
  lum: number;
  /** Fabric in shadow / deep shadow / catching the light. */
  shade: string;
  deep: string;
  hi: string;
  /** Seam lines and top-stitching, readable on this fabric. */
  seam: string;
  stitch: string;
  /** The inside of the garment seen through openings. */
  inside: string;
  accentShade: string;
  accentHi: string;
  /** Strength of the black shading and white highlight overlays. */
  shA: number;
  hiA: number;
  /** Hardware (zips, eyelets): a metal that suits the fabric. */
  metal: string;
  bgIn: string;
  bgOut: string;
}

function palette(color: SeedColor): Palette {
  // normalised, so whatever the colour strings hold, only #rrggbb ever reaches the markup
  const base = toHex(...parseHex(color.hex));
  const accent = toHex(...parseHex(color.accent));
  const lum = luminance(base);
  const dark = lum < 0.06;
  const light = lum > 0.45;
  return {
    base,
    accent,
    lum,
    shade: darken(base, dark ? 0.35 : 0.22),
    deep: darken(base, dark ? 0.55 : 0.42),
    hi: lighten(base, dark ? 0.1 : 0.16),
    seam: dark ? lighten(base, 0.07) : darken(base, light ? 0.2 : 0.32),
    stitch: dark ? lighten(base, 0.2) : light ? darken(base, 0.22) : lighten(base, 0.18),
    inside: dark ? darken(base, 0.5) : darken(base, light ? 0.3 : 0.45),
    accentShade: darken(accent, 0.3),
    accentHi: lighten(accent, 0.3),
    shA: dark ? 0.5 : light ? 0.3 : 0.36,
    hiA: dark ? 0.085 : light ? 0.2 : 0.12,
    metal: luminance(accent) > 0.35 ? '#c9c6bf' : '#8d8a84',
    bgIn: lum > 0.42 ? '#d3cec6' : '#f7f5f1',
    bgOut: lum > 0.42 ? '#b4aea5' : '#e2ddd5',
  };
}

// ----------------------------------------------------------------------------------- geometry

const num = (v: number) => String(Math.round(v * 10) / 10);
/** Mirror a right-side point to side s (1 right, -1 left) and return absolute coordinates. */
const at = (s: number, p: Pt): Pt => [CX + s * p[0], p[1]];
const xy = (p: Pt) => `${num(p[0])} ${num(p[1])}`;
const add = (a: Pt, b: Pt): Pt => [a[0] + b[0], a[1] + b[1]];
const sub = (a: Pt, b: Pt): Pt => [a[0] - b[0], a[1] - b[1]];
const mul = (a: Pt, k: number): Pt => [a[0] * k, a[1] * k];
const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const unit = (a: Pt): Pt => {
  const l = Math.hypot(a[0], a[1]) || 1;
  return [a[0] / l, a[1] / l];
};
const endOf = (g: Seg): Pt => (g.length === 1 ? g[0] : g.length === 2 ? g[1] : g[2]);

function segD(s: number, g: Seg): string {
  if (g.length === 1) return `L${xy(at(s, g[0]))}`;
  if (g.length === 2) return `Q${xy(at(s, g[0]))} ${xy(at(s, g[1]))}`;
  return `C${xy(at(s, g[0]))} ${xy(at(s, g[1]))} ${xy(at(s, g[2]))}`;
}

/** An open path on side s, written in [dx, y]. */
function open(s: number, start: Pt, segs: readonly Seg[]): string {
  return `M${xy(at(s, start))}${segs.map((g) => segD(s, g)).join('')}`;
}

/** A closed path on side s. */
function shape(s: number, start: Pt, segs: readonly Seg[]): string {
  return `${open(s, start, segs)}Z`;
}

/** A closed symmetric outline: the right half as written, then its mirror image traced back. */
function sym(start: Pt, segs: readonly Seg[]): string {
  const ends: Pt[] = [start, ...segs.map(endOf)];
  let d = open(1, start, segs);
  d += `L${xy(at(-1, ends[ends.length - 1] ?? start))}`;
  for (let i = segs.length - 1; i >= 0; i--) {
    const g = segs[i];
    const from = ends[i] ?? start;
    if (!g) continue;
    if (g.length === 1) d += `L${xy(at(-1, from))}`;
    else if (g.length === 2) d += `Q${xy(at(-1, g[0]))} ${xy(at(-1, from))}`;
    else d += `C${xy(at(-1, g[1]))} ${xy(at(-1, g[0]))} ${xy(at(-1, from))}`;
  }
  return `${d}Z`;
}

/** A path through absolute points. */
function poly(points: readonly Pt[], close = true): string {
  return points.map((p, i) => `${i ? 'L' : 'M'}${xy(p)}`).join('') + (close ? 'Z' : '');
}

// ------------------------------------------------------------------------------- stroke font

/** Glyphs in a box 1 high (y down), [advance width, path with absolute M/L/C/Q commands]. */
const GLYPHS: Record<string, readonly [number, string]> = {
  A: [0.78, 'M0 1L.39 0L.78 1M.14 .66L.64 .66'],
  B: [
    0.62,
    'M0 1L0 0L.34 0C.52 0 .6 .1 .6 .24C.6 .38 .52 .47 .34 .47L0 .47M.34 .47C.55 .47 .64 .58 .64 .73C.64 .9 .54 1 .34 1L0 1',
  ],
  C: [0.74, 'M.74 .18C.64 .06 .52 0 .4 0C.16 0 0 .2 0 .5C0 .8 .16 1 .4 1C.52 1 .64 .94 .74 .82'],
  D: [0.72, 'M0 0L0 1L.28 1C.56 1 .72 .8 .72 .5C.72 .2 .56 0 .28 0Z'],
  E: [0.58, 'M.58 0L0 0L0 1L.58 1M0 .5L.5 .5'],
  F: [0.56, 'M.56 0L0 0L0 1M0 .5L.48 .5'],
  I: [0, 'M0 0L0 1'],
  L: [0.54, 'M0 0L0 1L.54 1'],
  M: [0.84, 'M0 1L0 0L.42 .72L.84 0L.84 1'],
  N: [0.72, 'M0 1L0 0L.72 1L.72 0'],
  O: [0.9, 'M.45 0C.18 0 0 .22 0 .5C0 .78 .18 1 .45 1C.72 1 .9 .78 .9 .5C.9 .22 .72 0 .45 0Z'],
  P: [0.6, 'M0 1L0 0L.34 0C.52 0 .6 .12 .6 .26C.6 .42 .52 .52 .34 .52L0 .52'],
  R: [0.64, 'M0 1L0 0L.36 0C.54 0 .62 .12 .62 .26C.62 .42 .54 .52 .36 .52L0 .52M.32 .52L.64 1'],
  S: [
    0.62,
    'M.6 .14C.52 .04 .42 0 .31 0C.14 0 .03 .1 .03 .25C.03 .42 .17 .47 .31 .5C.47 .53 .62 .6 .62 .76C.62 .92 .5 1 .31 1C.18 1 .07 .95 0 .84',
  ],
  T: [0.66, 'M0 0L.66 0M.33 0L.33 1'],
  U: [0.7, 'M0 0L0 .66C0 .88 .14 1 .35 1C.56 1 .7 .88 .7 .66L.7 0'],
  V: [0.76, 'M0 0L.38 1L.76 0'],
  '·': [0, 'M0 .5L0 .52'],
};

/** Path data for a line of capitals, centred on x (or starting at it), cap height h, top at y. */
function textPath(
  str: string,
  x: number,
  y: number,
  h: number,
  tracking = 0.28,
  align: 'middle' | 'start' = 'middle',
): string {
  const chars = [...str.toUpperCase()];
  const gap = tracking;
  let width = 0;
  chars.forEach((ch, i) => {
    width += ch === ' ' ? 0.45 : (GLYPHS[ch]?.[0] ?? 0.5);
    if (i < chars.length - 1) width += gap;
  });
  let cx = align === 'middle' ? x - (width * h) / 2 : x;
  let d = '';
  for (const ch of chars) {
    const g = GLYPHS[ch];
    if (ch !== ' ' && g) {
      let isX = true;
      d += g[1].replace(/-?\d*\.?\d+/g, (m) => {
        const v = Number(m);
        const out = isX ? cx + v * h : y + v * h;
        isX = !isX;
        return num(out);
      });
    }
    cx += ((ch === ' ' ? 0.45 : (g?.[0] ?? 0.5)) + gap) * h;
  }
  return d;
}

function text(
  str: string,
  x: number,
  y: number,
  h: number,
  color: string,
  opts: { weight?: number; tracking?: number; opacity?: number; align?: 'middle' | 'start' } = {},
): string {
  const w = opts.weight ?? 0.12;
  return `<path d="${textPath(str, x, y, h, opts.tracking ?? 0.28, opts.align ?? 'middle')}" fill="none" stroke="${color}" stroke-width="${num(h * w)}" stroke-linecap="square" stroke-linejoin="miter" stroke-miterlimit="2.2"${opts.opacity !== undefined ? ` opacity="${opts.opacity}"` : ''}/>`;
}

// ------------------------------------------------------------------------------------ drawing

interface Fold {
  d: string;
  /** Stroke width before blurring. */
  w: number;
  /** Dark crease or light ridge. */
  light?: boolean;
  /** Opacity multiplier. */
  o?: number;
}

type Stop = readonly [offset: number, color: string, opacity: number];

/** The segments of a simple path (M, L, Q, C; absolute), each as its points. */
function foldSegments(d: string): Pt[][] {
  const out: Pt[][] = [];
  const re = /([MLQC])([^MLQC]*)/g;
  let cur: Pt = [0, 0];
  for (const m of d.matchAll(re)) {
    const nums = (m[2] ?? '')
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    const pts: Pt[] = [];
    for (let i = 0; i + 1 < nums.length; i += 2) pts.push([nums[i] ?? 0, nums[i + 1] ?? 0]);
    const last = pts[pts.length - 1];
    if (!last) continue;
    if (m[1] === 'M') cur = last;
    else {
      out.push([cur, ...pts]);
      cur = last;
    }
  }
  return out;
}

/** A lens of the given width along a segment: thick in the middle, pointed at both ends. */
function lens(g: readonly Pt[], w: number): string {
  const a = g[0] ?? [0, 0];
  const b = g[g.length - 1] ?? a;
  const dir = unit(sub(b, a));
  const n: Pt = [-dir[1], dir[0]];
  w = Math.min(w, Math.hypot(b[0] - a[0], b[1] - a[1]) * 0.28);
  if (g.length === 4) {
    const k = w / 1.5;
    const c1 = g[1] ?? a;
    const c2 = g[2] ?? b;
    return `M${xy(a)}C${xy(add(c1, mul(n, k)))} ${xy(add(c2, mul(n, k)))} ${xy(b)}C${xy(sub(c2, mul(n, k)))} ${xy(sub(c1, mul(n, k)))} ${xy(a)}Z`;
  }
  const c = g.length === 3 ? (g[1] ?? a) : lerp(a, b, 0.5);
  return `M${xy(a)}Q${xy(add(c, mul(n, w)))} ${xy(b)}Q${xy(sub(c, mul(n, w)))} ${xy(a)}Z`;
}

class Doc {
  private n = 0;
  private readonly defs: string[] = [];
  private readonly sil: string[] = [];
  private readonly layers: string[] = [];

  constructor(
    readonly p: Palette,
    readonly view: ArtView,
  ) {
    const { shA, hiA } = p;
    this.defs.push(
      gradient('volH', 'linear', [
        [0, '#000', shA * 0.95],
        [0.1, '#000', shA * 0.45],
        [0.3, '#fff', 0],
        [0.42, '#fff', hiA],
        [0.56, '#fff', hiA * 0.55],
        [0.75, '#000', 0],
        [0.9, '#000', shA * 0.45],
        [1, '#000', shA],
      ]),
      gradient(
        'volV',
        'linear',
        [
          [0, '#fff', hiA * 0.7],
          [0.25, '#fff', 0],
          [0.7, '#000', 0],
          [1, '#000', shA * 0.55],
        ],
        'x1="0" y1="0" x2="0" y2="1"',
      ),
      gradient(
        'band',
        'linear',
        [
          [0, '#000', shA * 0.35],
          [0.3, '#fff', hiA * 0.5],
          [1, '#000', shA * 0.5],
        ],
        'x1="0" y1="0" x2="0" y2="1"',
      ),
    );
  }

  id(prefix: string): string {
    return `${prefix}${++this.n}`;
  }
  def(s: string): void {
    this.defs.push(s);
  }
  add(...s: string[]): void {
    this.layers.push(...s);
  }
  /** Adds a shape to the garment's outline (used for its drop shadow). */
  outline(d: string): void {
    this.sil.push(`<path d="${d}"/>`);
  }

  /** A userSpace linear gradient across a shape from a to b. */
  across(a: Pt, b: Pt, stops: readonly Stop[]): string {
    const id = this.id('g');
    this.defs.push(
      gradient(
        id,
        'linear',
        stops,
        `gradientUnits="userSpaceOnUse" x1="${num(a[0])}" y1="${num(a[1])}" x2="${num(b[0])}" y2="${num(b[1])}"`,
      ),
    );
    return id;
  }

  /** The standard cylinder shading across a limb, from its inner edge a to its outer edge b. */
  limbShade(a: Pt, b: Pt): string {
    const { shA, hiA } = this.p;
    return this.across(a, b, [
      [0, '#000', shA * 1.05],
      [0.18, '#000', shA * 0.35],
      [0.42, '#fff', hiA * 0.9],
      [0.6, '#fff', hiA * 0.3],
      [0.85, '#000', shA * 0.3],
      [1, '#000', shA * 0.8],
    ]);
  }

  /** A fabric panel: fill, then volume shading; part of the outline unless told otherwise. */
  panel(
    d: string,
    o: { fill?: string; shade?: string | null; vertical?: boolean; outline?: boolean; stroke?: string } = {},
  ): void {
    const fill = o.fill ?? this.p.base;
    this.add(
      `<path d="${d}" fill="${fill}"${o.stroke ? ` stroke="${o.stroke}" stroke-width="2" stroke-opacity=".55"` : ''}/>`,
    );
    if (o.shade !== null) this.add(`<path d="${d}" fill="url(#${o.shade ?? 'volH'})"/>`);
    if (o.vertical !== false) this.add(`<path d="${d}" fill="url(#volV)"/>`);
    if (o.outline !== false) this.outline(d);
  }

  /**
   * Soft creases and ridges clipped to a shape. Blur filters are slow in librsvg, so softness
   * comes from stacking a few round-capped strokes of decreasing width and low opacity.
   */
  folds(clip: string, folds: readonly Fold[], soft = 9): void {
    if (!folds.length) return;
    const cid = this.id('c');
    this.defs.push(`<clipPath id="${cid}"><path d="${clip}"/></clipPath>`);
    const { shA, hiA } = this.p;
    const body = folds
      .map((f) => {
        const a = Math.min(1, (f.light ? hiA * (this.p.lum > 0.45 ? 1.1 : 1.7) : shA * 0.95) * (f.o ?? 1));
        const col = f.light ? '#fff' : '#000';
        const segs = foldSegments(f.d);
        return [2.4, 1.6, 0.9, 0.4, 0]
          .map((k) => {
            const w = f.w * (k ? 1 : 0.45) + soft * k;
            return `<path d="${segs.map((g) => lens(g, w)).join('')}" fill="${col}" fill-opacity="${num2(a * 0.22)}"/>`;
          })
          .join('');
      })
      .join('');
    this.add(`<g clip-path="url(#${cid})">${body}</g>`);
  }

  /** Something clipped to a shape. */
  clipped(clip: string, content: string): void {
    const cid = this.id('c');
    this.defs.push(`<clipPath id="${cid}"><path d="${clip}"/></clipPath>`);
    this.add(`<g clip-path="url(#${cid})">${content}</g>`);
  }

  /** A soft shadow cast by a shape onto the fabric under it (offset, feathered, clipped). */
  castShadow(d: string, clip: string, dx = 0, dy = 10, soft = 8, opacity = 0.5): void {
    const cid = this.id('c');
    this.defs.push(`<clipPath id="${cid}"><path d="${clip}"/></clipPath>`);
    const a = opacity * this.p.shA * 1.6;
    const layers = [soft * 2, soft, 0]
      .map(
        (w) =>
          `<path d="${d}" fill="#000" fill-opacity="${num2(a * 0.33)}"${w ? ` stroke="#000" stroke-opacity="${num2(a * 0.33)}" stroke-width="${w}" stroke-linejoin="round"` : ''}/>`,
      )
      .join('');
    this.add(`<g clip-path="url(#${cid})"><g transform="translate(${dx} ${dy})">${layers}</g></g>`);
  }

  /** A seam line, with a faint highlight beside it so it reads on dark fabric too. */
  seam(d: string, w = 2.4, o = 0.85): void {
    this.add(
      `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="${num2(this.p.hiA * 0.9)}" stroke-width="${w + 1.6}" transform="translate(1.4 1.4)"/>`,
      `<path d="${d}" fill="none" stroke="${this.p.seam}" stroke-opacity="${o}" stroke-width="${w}" stroke-linecap="round"/>`,
    );
  }

  /** Top-stitching. */
  stitch(d: string, color = this.p.stitch, w = 2, dash = '7 6', o = 0.8): void {
    this.add(
      `<path d="${d}" fill="none" stroke="${color}" stroke-width="${w}" stroke-dasharray="${dash}" stroke-opacity="${o}" stroke-linecap="round"/>`,
    );
  }

  /** Knit ribbing: a band filled, then ribs running from edge a-side to b-side. */
  ribBand(quad: readonly [Pt, Pt, Pt, Pt], color = this.p.base): void {
    // quad: a, b along the seam edge; c, d the free edge (d under a, c under b)
    const [a, b, c, d] = quad;
    const path = poly(quad);
    this.panel(path, { fill: color, shade: 'volH', vertical: false });
    this.add(`<path d="${path}" fill="url(#band)"/>`);
    const lines: string[] = [];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const count = Math.max(6, Math.round(len / 9));
    for (let i = 1; i < count; i++) {
      const t = i / count;
      const p1 = lerp(a, b, t);
      const p2 = lerp(d, c, t);
      lines.push(`M${xy(p1)}L${xy(p2)}`);
    }
    const dark = this.p.lum < 0.06;
    this.add(
      `<path d="${lines.join('')}" fill="none" stroke="${dark ? '#fff' : '#000'}" stroke-opacity="${dark ? 0.07 : 0.13}" stroke-width="3"/>`,
      `<path d="${lines.join('')}" fill="none" stroke="${dark ? '#000' : '#fff'}" stroke-opacity="${dark ? 0.5 : 0.1}" stroke-width="1.6" transform="translate(3 0)"/>`,
    );
    this.seam(`M${xy(a)}L${xy(b)}`, 2.2, 0.6);
  }

  render(): string {
    const p = this.p;
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
      '<defs>',
      `<radialGradient id="bg" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="${p.bgIn}"/><stop offset="1" stop-color="${p.bgOut}"/></radialGradient>`,
      `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".07"/></linearGradient>`,
      ...this.defs,
      `<g id="sil">${this.sil.join('')}</g>`,
      '</defs>',
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
      `<rect y="${H * 0.55}" width="${W}" height="${H * 0.45}" fill="url(#floor)"/>`,
      ...[62, 46, 33, 21, 11, 3].map(
        (w) =>
          `<use href="#sil" fill="#000" stroke="#000" stroke-width="${w}" stroke-linejoin="round" opacity="${p.lum > 0.42 ? 0.045 : 0.034}" transform="translate(12 26)"/>`,
      ),
      `<use href="#sil" fill="#000" stroke="#000" stroke-width="8" stroke-linejoin="round" opacity="${p.lum > 0.42 ? 0.12 : 0.08}" transform="translate(3 7)"/>`,
      ...this.layers,
      '</svg>',
    ].join('');
  }
}

const num2 = (v: number) => String(Math.round(v * 1000) / 1000);

function gradient(id: string, type: 'linear' | 'radial', stops: readonly Stop[], attrs = ''): string {
  const s = stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${num2(o)}" stop-color="${c}" stop-opacity="${num2(Math.max(0, Math.min(1, a)))}"/>`,
    )
    .join('');
  return `<${type}Gradient id="${id}" ${attrs}>${s}</${type}Gradient>`;
}

// ------------------------------------------------------------------------------ small details

/** A woven brand label: a small rectangle with "AN". */
function wovenLabel(doc: Doc, x: number, y: number, w: number, h: number, fill: string, ink: string): void {
  doc.add(
    `<rect x="${num(x - w / 2)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" rx="2" fill="${fill}"/>`,
    `<rect x="${num(x - w / 2)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" rx="2" fill="url(#band)"/>`,
    text('AN', x, y + h * 0.28, h * 0.44, ink, { weight: 0.14, tracking: 0.16 }),
  );
}

/** The monogram: "AN" with a thin rule and the wordmark under it. */
function monogram(doc: Doc, x: number, y: number, h: number, color: string, opacity = 0.92): void {
  doc.add(
    `<g opacity="${opacity}">`,
    text('AN', x, y, h, color, { weight: 0.09, tracking: 0.1 }),
    `<path d="M${num(x - h * 0.9)} ${num(y + h * 1.3)}H${num(x + h * 0.9)}" stroke="${color}" stroke-width="${num(h * 0.035)}"/>`,
    text('ATELIER NOIR', x, y + h * 1.5, h * 0.16, color, { weight: 0.13, tracking: 0.5 }),
    '</g>',
  );
}

/** A metal zip from a to b: tape, teeth and (optionally) a puller at a. */
function zip(doc: Doc, a: Pt, b: Pt, o: { tape?: string; pull?: boolean; width?: number } = {}): void {
  const w = o.width ?? 9;
  const d = `M${xy(a)}L${xy(b)}`;
  const metal = doc.p.metal;
  doc.add(
    `<path d="${d}" stroke="${o.tape ?? doc.p.shade}" stroke-width="${w * 2.2}"/>`,
    `<path d="${d}" stroke="${darken(metal, 0.45)}" stroke-width="${w}"/>`,
    `<path d="${d}" stroke="${metal}" stroke-width="${w}" stroke-dasharray="2.6 2.2"/>`,
  );
  if (o.pull !== false) {
    const dir = unit(sub(b, a));
    const p1 = add(a, mul(dir, 4));
    const p2 = add(a, mul(dir, 48));
    doc.add(
      `<path d="M${xy(a)}L${xy(add(a, mul(dir, 14)))}" stroke="${darken(metal, 0.2)}" stroke-width="${w * 1.8}" stroke-linecap="round"/>`,
      `<path d="M${xy(p1)}L${xy(p2)}" stroke="${darken(metal, 0.35)}" stroke-width="${w * 1.4 + 2}" stroke-linecap="round"/>`,
      `<path d="M${xy(p1)}L${xy(p2)}" stroke="${metal}" stroke-width="${w * 1.4}" stroke-linecap="round"/>`,
      `<path d="M${xy(add(p1, [-w * 0.25, 6]))}L${xy(add(p2, [-w * 0.25, -8]))}" stroke="#fff" stroke-opacity=".45" stroke-width="2" stroke-linecap="round"/>`,
    );
  }
}

/** A drawcord hanging from an eyelet at a, ending at b, with a metal or accent tip. */
function drawcord(doc: Doc, a: Pt, ctrl: Pt, b: Pt, color: string, w = 9): void {
  const d = `M${xy(a)}Q${xy(ctrl)} ${xy(b)}`;
  const dir = unit(sub(b, ctrl));
  const tip = add(b, mul(dir, 30));
  doc.outline(`M${xy(a)}Q${xy(ctrl)} ${xy(b)}L${xy(tip)}L${xy(add(tip, [w, 0]))}L${xy(add(a, [w, 0]))}Z`);
  doc.add(
    `<circle cx="${num(a[0])}" cy="${num(a[1])}" r="${num(w * 0.95)}" fill="${doc.p.metal}" stroke="${darken(doc.p.metal, 0.4)}" stroke-width="2"/>`,
    `<circle cx="${num(a[0])}" cy="${num(a[1])}" r="${num(w * 0.45)}" fill="${doc.p.deep}"/>`,
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="${w + 3}" stroke-linecap="round" transform="translate(3 4)"/>`,
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${w}" stroke-linecap="round"/>`,
    `<path d="${d}" fill="none" stroke="#fff" stroke-opacity=".18" stroke-width="${num(w * 0.3)}" stroke-linecap="round" transform="translate(-1.5 0)"/>`,
    `<path d="M${xy(b)}L${xy(tip)}" stroke="${darken(doc.p.metal, 0.25)}" stroke-width="${w + 2}" stroke-linecap="round"/>`,
    `<path d="M${xy(b)}L${xy(tip)}" stroke="${doc.p.metal}" stroke-width="${w - 1}" stroke-linecap="round"/>`,
  );
}

function button(doc: Doc, c: Pt, r: number, color: string): void {
  doc.add(
    `<circle cx="${num(c[0] + 2)}" cy="${num(c[1] + 3)}" r="${num(r)}" fill="#000" opacity=".25"/>`,
    `<circle cx="${num(c[0])}" cy="${num(c[1])}" r="${num(r)}" fill="${color}"/>`,
    `<circle cx="${num(c[0])}" cy="${num(c[1])}" r="${num(r * 0.72)}" fill="none" stroke="${darken(color, 0.25)}" stroke-width="${num(r * 0.12)}"/>`,
    `<circle cx="${num(c[0] - r * 0.25)}" cy="${num(c[1])}" r="${num(r * 0.12)}" fill="${darken(color, 0.45)}"/>`,
    `<circle cx="${num(c[0] + r * 0.25)}" cy="${num(c[1])}" r="${num(r * 0.12)}" fill="${darken(color, 0.45)}"/>`,
    `<path d="M${num(c[0] - r * 0.6)} ${num(c[1] - r * 0.45)}A${num(r * 0.8)} ${num(r * 0.8)} 0 0 1 ${num(c[0] + r * 0.2)} ${num(c[1] - r * 0.75)}" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="${num(r * 0.14)}"/>`,
  );
}

// ---------------------------------------------------------------------------------- tops

interface SleeveSpec {
  /** Ends of the sleeve (before the cuff), outer and inner corner, as [dx, y]. */
  outer: Pt;
  inner: Pt;
  bulge?: number;
  cuff?: { h: number; inset: number; color?: string; plain?: boolean };
  /** A hemmed (not ribbed) sleeve end: stitched hem line. */
  hem?: boolean;
  /** Folds along the sleeve (default true). */
  folds?: boolean;
}

interface TopSpec {
  neckW: number;
  neckY: number;
  backDip: number;
  frontDip: number;
  shoulder: Pt;
  armpit: Pt;
  /** Control point of the side seam between armpit and hem. */
  waist?: Pt;
  hem: Pt;
  /** How much lower the hem is at the centre than at the sides. */
  hemDrop?: number;
  band?: { h: number; inset: number; color?: string };
  sleeve?: SleeveSpec;
  /** Sleeveless: the two cubic controls of the armhole from shoulder to armpit. */
  armhole?: readonly [Pt, Pt];
  /** Who draws the neckline: a crew rib here, or the garment itself. */
  neck: 'crew' | 'none';
  neckRib?: number;
  bodyFolds?: readonly Fold[];
}

interface Sleeve {
  d: string;
  S: Pt;
  A: Pt;
  O: Pt;
  I: Pt;
  /** A point on the sleeve: u from armhole (0) to end (1), v from inner edge (0) to outer (1). */
  at(u: number, v: number): Pt;
  axis: Pt;
  end: Pt;
}

interface Top {
  body: string;
  sleeves: Sleeve[];
  /** Bottom of the garment at the centre. */
  bottom: number;
}

function backNeckSeg(t: TopSpec): Seg {
  return [
    [t.neckW * 0.5, t.neckY + t.backDip],
    [t.neckW * 0.88, t.neckY + 2],
    [t.neckW, t.neckY],
  ];
}

function frontNeckSegs(t: TopSpec, extra = 0): Seg[] {
  return [
    [
      [t.neckW + extra * 0.2, t.neckY + t.frontDip * 0.55 + extra],
      [t.neckW * 0.6, t.neckY + t.frontDip + extra],
      [0, t.neckY + t.frontDip + extra],
    ],
  ];
}

function makeSleeve(s: number, t: TopSpec, sp: SleeveSpec): Sleeve {
  const S = at(s, t.shoulder);
  const A = at(s, t.armpit);
  const O = at(s, sp.outer);
  const I = at(s, sp.inner);
  const axis = unit(sub(lerp(O, I, 0.5), lerp(S, A, 0.5)));
  const outN: Pt = mul([axis[1], -axis[0]], s);
  const bulge = sp.bulge ?? 14;
  const c1 = add(lerp(S, O, 0.3), mul(outN, bulge));
  const c2 = add(lerp(S, O, 0.72), mul(outN, bulge * 0.7));
  const i1 = add(lerp(I, A, 0.3), mul(outN, -4));
  const i2 = add(lerp(I, A, 0.75), mul(outN, -10));
  const arm = add(lerp(A, S, 0.5), mul(outN, -16));
  const d = `M${xy(S)}C${xy(c1)} ${xy(c2)} ${xy(O)}L${xy(I)}C${xy(i1)} ${xy(i2)} ${xy(A)}Q${xy(arm)} ${xy(S)}Z`;
  return {
    d,
    S,
    A,
    O,
    I,
    axis,
    end: lerp(O, I, 0.5),
    at: (u, v) => lerp(lerp(A, I, u), lerp(S, O, u), v),
  };
}

function drawSleeve(doc: Doc, s: number, t: TopSpec, sp: SleeveSpec): Sleeve {
  const sl = makeSleeve(s, t, sp);
  const { S, A, O, I, axis } = sl;
  doc.panel(sl.d, { shade: doc.limbShade(sl.at(0.45, 0), sl.at(0.45, 1)), vertical: false });
  if (sp.folds !== false) {
    const line = (u0: number, v0: number, u1: number, v1: number, cu: number, cv: number) =>
      `M${xy(sl.at(u0, v0))}Q${xy(sl.at(cu, cv))} ${xy(sl.at(u1, v1))}`;
    const long = Math.hypot(O[0] - S[0], O[1] - S[1]) > 450;
    const folds: Fold[] = long
      ? [
          { d: line(0.08, 0.3, 0.3, 0.55, 0.2, 0.48), w: 18, light: true, o: 0.45 },
          { d: line(0.4, -0.05, 0.5, 0.8, 0.47, 0.35), w: 11, o: 0.75 },
          { d: line(0.34, 0, 0.44, 0.85, 0.41, 0.4), w: 15, light: true, o: 0.6 },
          { d: line(0.55, 0.05, 0.58, 0.6, 0.57, 0.3), w: 8, o: 0.45 },
          { d: line(0.66, -0.05, 0.74, 0.75, 0.71, 0.35), w: 9, o: 0.55 },
          { d: line(0.62, 0.05, 0.69, 0.8, 0.66, 0.4), w: 12, light: true, o: 0.45 },
          { d: line(0.86, 0, 0.9, 0.55, 0.89, 0.25), w: 6, o: 0.55 },
          { d: line(0.9, 0.5, 0.95, 1, 0.93, 0.75), w: 6, o: 0.55 },
          { d: line(0.84, 0.5, 0.88, 0.95, 0.86, 0.7), w: 7, light: true, o: 0.45 },
          { d: line(0.88, 0.05, 0.92, 0.45, 0.9, 0.2), w: 7, light: true, o: 0.35 },
        ]
      : [
          { d: line(0.3, 0, 0.5, 1, 0.45, 0.5), w: 12, o: 0.45 },
          { d: line(0.55, 0.2, 0.8, 1, 0.7, 0.6), w: 12, light: true, o: 0.4 },
        ];
    doc.folds(sl.d, folds, 8);
  }
  // armhole seam
  const arm = add(lerp(A, S, 0.5), mul([axis[1] * s, -axis[0] * s], -16));
  doc.seam(`M${xy(A)}Q${xy(arm)} ${xy(S)}`);
  if (sp.cuff) {
    const across = unit(sub(I, O));
    const O2 = add(add(O, mul(axis, sp.cuff.h)), mul(across, sp.cuff.inset));
    const I2 = add(add(I, mul(axis, sp.cuff.h)), mul(across, -sp.cuff.inset));
    if (sp.cuff.plain) {
      const d = poly([O, I, I2, O2]);
      doc.panel(d, { fill: sp.cuff.color ?? doc.p.base, vertical: false });
      doc.add(`<path d="${d}" fill="url(#band)"/>`);
      doc.seam(`M${xy(O)}L${xy(I)}`);
      doc.stitch(`M${xy(lerp(O2, O, 0.12))}L${xy(lerp(I2, I, 0.12))}`);
      doc.folds(
        sl.d,
        [
          { d: `M${xy(add(lerp(O, I, 0.3), mul(axis, -8)))}L${xy(add(lerp(O, I, 0.38), mul(axis, -60)))}`, w: 6 },
          { d: `M${xy(add(lerp(O, I, 0.62), mul(axis, -8)))}L${xy(add(lerp(O, I, 0.58), mul(axis, -55)))}`, w: 6 },
        ],
        5,
      );
    } else doc.ribBand([O, I, I2, O2], sp.cuff.color ?? doc.p.base);
    sl.end = lerp(O2, I2, 0.5);
  } else if (sp.hem) {
    const O2 = add(O, mul(axis, -22));
    const I2 = add(I, mul(axis, -22));
    doc.stitch(`M${xy(O2)}L${xy(I2)}`);
    doc.add(`<path d="M${xy(O)}L${xy(I)}" stroke="#000" stroke-opacity=".18" stroke-width="3"/>`);
  }
  return sl;
}

function drawTop(doc: Doc, t: TopSpec, o: { beforeSleeves?: () => void } = {}): Top {
  const hemY = t.hem[1];
  const drop = t.hemDrop ?? 0;
  const segs: Seg[] = [backNeckSeg(t), [t.shoulder]];
  if (t.armhole) segs.push([t.armhole[0], t.armhole[1], t.armpit]);
  else segs.push([t.armpit]);
  if (t.waist) segs.push([t.waist, t.hem]);
  else segs.push([t.hem]);
  segs.push([
    [t.hem[0] * 0.55, hemY + drop],
    [0, hemY + drop],
  ]);
  const body = sym([0, t.neckY + t.backDip], segs);
  doc.panel(body);

  // generic drape: drag lines from the armpits, soft vertical folds
  const gen: Fold[] = [];
  for (const s of [-1, 1]) {
    const a = t.armpit;
    gen.push(
      {
        d: open(
          s,
          [a[0] - 10, a[1] + 20],
          [
            [
              [a[0] - 60, a[1] + 120],
              [a[0] - 110, a[1] + 260],
            ],
          ],
        ),
        w: 22,
        o: 0.5,
      },
      {
        d: open(
          s,
          [a[0] * 0.55, a[1] + 120],
          [
            [
              [a[0] * 0.6, (a[1] + hemY) / 2 + 60],
              [a[0] * 0.48, hemY + 160],
            ],
          ],
        ),
        w: 30,
        light: true,
        o: 0.35,
      },
    );
  }
  doc.folds(body, [...gen, ...(t.bodyFolds ?? [])], 14);

  const bottomBand = t.band;
  if (bottomBand) {
    const a: Pt = at(-1, t.hem);
    const b: Pt = at(1, t.hem);
    const c: Pt = at(1, [t.hem[0] - bottomBand.inset, hemY + bottomBand.h]);
    const d: Pt = at(-1, [t.hem[0] - bottomBand.inset, hemY + bottomBand.h]);
    doc.ribBand([a, b, c, d], bottomBand.color ?? doc.p.base);
    // gathers where the body meets the band
    const g: Fold[] = [];
    const jitter = [0.2, -0.3, 0.1, 0.35, -0.15, 0.25, -0.35, 0.05, 0.3, -0.2, 0.15];
    for (let i = -5; i <= 5; i++) {
      const x = ((i + (jitter[i + 5] ?? 0)) / 5.6) * (t.hem[0] - 20);
      const len = 38 + 30 * Math.abs(jitter[(i + 8) % 11] ?? 0) * 2;
      g.push({
        d: `M${num(CX + x)} ${hemY - 4}Q${num(CX + x + 2)} ${num(hemY - len / 2)} ${num(CX + x + 7)} ${num(hemY - len)}`,
        w: 5,
        o: 0.35,
      });
    }
    doc.folds(body, g, 5);
  }

  if (t.neck === 'crew') crewNeck(doc, t);
  o.beforeSleeves?.();

  const sleeves: Sleeve[] = [];
  if (t.sleeve) for (const s of [-1, 1]) sleeves.push(drawSleeve(doc, s, t, t.sleeve));
  return { body, sleeves, bottom: hemY + drop + (t.band?.h ?? 0) };
}

function crewNeck(doc: Doc, t: TopSpec): void {
  const rib = t.neckRib ?? 26;
  const p = doc.p;
  if (doc.view === 'front') {
    const inside = sym([0, t.neckY + t.backDip], [backNeckSeg(t), ...frontNeckSegs(t)]);
    const g = doc.across(
      [CX, t.neckY],
      [CX, t.neckY + t.frontDip],
      [
        [0, '#000', 0.35],
        [1, '#000', 0],
      ],
    );
    doc.add(`<path d="${inside}" fill="${p.inside}"/>`, `<path d="${inside}" fill="url(#${g})"/>`);
    // the back rib seen from inside, and the brand label
    const backRib = `M${xy(at(-1, [t.neckW, t.neckY]))}C${xy(at(-1, [t.neckW * 0.88, t.neckY + 2]))} ${xy(
      at(-1, [t.neckW * 0.5, t.neckY + t.backDip]),
    )} ${xy([CX, t.neckY + t.backDip])}C${xy(at(1, [t.neckW * 0.5, t.neckY + t.backDip]))} ${xy(
      at(1, [t.neckW * 0.88, t.neckY + 2]),
    )} ${xy(at(1, [t.neckW, t.neckY]))}`;
    doc.add(
      `<path d="${backRib}" fill="none" stroke="${darken(p.base, 0.3)}" stroke-width="${rib * 0.8}" transform="translate(0 ${rib * 0.4})"/>`,
    );
    wovenLabel(doc, CX, t.neckY + t.backDip + rib * 0.8 + 2, 46, 30, p.accent, p.base);
    // front rib
    const r = open(1, [t.neckW + 3, t.neckY - 2], frontNeckSegs(t, rib * 0.45));
    const l = open(-1, [t.neckW + 3, t.neckY - 2], frontNeckSegs(t, rib * 0.45));
    for (const d of [r, l]) {
      doc.add(
        `<path d="${d}" fill="none" stroke="${p.base}" stroke-width="${rib}"/>`,
        `<path d="${d}" fill="none" stroke="url(#volH)" stroke-width="${rib}"/>`,
        `<path d="${d}" fill="none" stroke="${p.lum < 0.06 ? '#fff' : '#000'}" stroke-opacity="${p.lum < 0.06 ? 0.06 : 0.1}" stroke-width="${rib}" stroke-dasharray="2.5 5"/>`,
      );
      doc.seam(open(d === r ? 1 : -1, [t.neckW + 6, t.neckY + rib * 0.6], frontNeckSegs(t, rib * 0.95)), 2.2, 0.6);
    }
  } else {
    const segs: Seg[] = [
      [
        [t.neckW * 0.88, t.neckY + 2 + rib * 0.5],
        [t.neckW * 0.5, t.neckY + t.backDip + rib * 0.5],
        [0, t.neckY + t.backDip + rib * 0.5],
      ],
    ];
    for (const s of [-1, 1]) {
      const d = open(s, [t.neckW + 2, t.neckY + rib * 0.3], segs);
      doc.add(
        `<path d="${d}" fill="none" stroke="${p.base}" stroke-width="${rib}"/>`,
        `<path d="${d}" fill="none" stroke="${p.lum < 0.06 ? '#fff' : '#000'}" stroke-opacity="${p.lum < 0.06 ? 0.06 : 0.1}" stroke-width="${rib}" stroke-dasharray="2.5 5"/>`,
      );
      doc.seam(
        open(
          s,
          [t.neckW + 4, t.neckY + rib],
          [
            [
              [t.neckW * 0.88, t.neckY + 2 + rib],
              [t.neckW * 0.5, t.neckY + t.backDip + rib],
              [0, t.neckY + t.backDip + rib],
            ],
          ],
        ),
        2.2,
        0.6,
      );
    }
    doc.add(
      `<path d="${sym([0, t.neckY + t.backDip], [backNeckSeg(t)])}" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="3"/>`,
    );
  }
}

// ---------------------------------------------------------------------------------- hoods

/** The hood seen from the front, standing up behind the neck, with its lined opening. */
function hoodFront(doc: Doc, neckY: number, o: { cords?: boolean; zip?: boolean } = {}): void {
  const p = doc.p;
  const top = neckY - 215;
  const outer = sym(
    [0, top],
    [
      [
        [118, top],
        [212, top + 70],
        [214, top + 180],
      ],
      [
        [216, top + 250],
        [192, neckY + 40],
        [150, neckY + 62],
      ],
      [
        [80, neckY + 95],
        [0, neckY + 102],
      ],
    ],
  );
  doc.panel(outer, { shade: 'volH' });
  const opening = sym(
    [0, top + 52],
    [
      [
        [84, top + 52],
        [148, top + 105],
        [150, top + 185],
      ],
      [
        [152, top + 250],
        [118, neckY + 55],
        [0, neckY + 100],
      ],
    ],
  );
  const g = doc.across(
    [CX, top + 40],
    [CX, neckY + 100],
    [
      [0, '#000', 0.55],
      [0.6, '#000', 0.15],
      [1, '#000', 0.35],
    ],
  );
  doc.add(`<path d="${opening}" fill="${p.inside}"/>`, `<path d="${opening}" fill="url(#${g})"/>`);
  // centre seam of the hood lining and a soft fold
  doc.add(
    `<path d="M${CX} ${top + 55}Q${CX + 4} ${top + 170} ${CX} ${neckY + 40}" fill="none" stroke="#000" stroke-opacity=".3" stroke-width="3"/>`,
  );
  doc.folds(
    opening,
    [
      { d: `M${CX - 100} ${top + 120}Q${CX - 60} ${top + 200} ${CX - 90} ${neckY + 30}`, w: 22, light: true, o: 0.5 },
      { d: `M${CX + 110} ${top + 130}Q${CX + 70} ${top + 210} ${CX + 80} ${neckY + 40}`, w: 18, light: true, o: 0.35 },
    ],
    12,
  );
  // the edge of the hood framing the opening (the drawcord channel)
  for (const s of [-1, 1]) {
    const edge = open(
      s,
      [0, top + 52],
      [
        [
          [84, top + 52],
          [148, top + 105],
          [150, top + 185],
        ],
        [
          [152, top + 250],
          [118, neckY + 55],
          [o.zip ? 10 : 0, neckY + 100],
        ],
      ],
    );
    doc.add(
      `<path d="${edge}" fill="none" stroke="${p.base}" stroke-width="30"/>`,
      `<path d="${edge}" fill="none" stroke="url(#volH)" stroke-width="30"/>`,
      `<path d="${edge}" fill="none" stroke="#fff" stroke-opacity="${num2(p.hiA * 1.2)}" stroke-width="8" transform="translate(${s * -6} -4)"/>`,
    );
    doc.stitch(
      open(
        s,
        [0, top + 34],
        [
          [
            [95, top + 34],
            [168, top + 95],
            [170, top + 185],
          ],
          [
            [172, top + 262],
            [132, neckY + 70],
            [o.zip ? 24 : 10, neckY + 118],
          ],
        ],
      ),
    );
  }
  // shadow of the hood onto the shoulders
  doc.folds(
    outer,
    [{ d: `M${CX - 200} ${neckY + 20}Q${CX} ${neckY + 140} ${CX + 200} ${neckY + 20}`, w: 20, o: 0.4 }],
    12,
  );
  if (o.cords !== false) {
    const c = darken(p.accent, p.lum > 0.42 ? 0 : 0.05);
    drawcord(doc, [CX - 42, neckY + 92], [CX - 50, neckY + 220], [CX - 38, neckY + 330], c);
    drawcord(doc, [CX + 42, neckY + 92], [CX + 56, neckY + 230], [CX + 52, neckY + 300], c);
  }
}

/** The hood lying flat on the back. */
function hoodBack(doc: Doc, neckY: number, body: string): void {
  const p = doc.p;
  const top = neckY - 10;
  const d = sym(
    [0, top],
    [
      [
        [95, top - 6],
        [178, top + 10],
        [200, top + 62],
      ],
      [
        [226, top + 150],
        [186, top + 330],
        [0, top + 395],
      ],
    ],
  );
  doc.castShadow(d, body, 4, 16, 12, 0.6);
  doc.panel(d, { outline: false });
  const g = doc.across(
    [CX, top],
    [CX, top + 395],
    [
      [0, '#000', p.shA * 0.6],
      [0.2, '#fff', p.hiA * 0.8],
      [1, '#000', p.shA * 0.3],
    ],
  );
  doc.add(`<path d="${d}" fill="url(#${g})"/>`);
  doc.folds(
    d,
    [
      { d: `M${CX - 150} ${top + 80}Q${CX - 60} ${top + 180} ${CX - 70} ${top + 320}`, w: 18, o: 0.6 },
      { d: `M${CX + 140} ${top + 70}Q${CX + 70} ${top + 200} ${CX + 60} ${top + 330}`, w: 18, light: true, o: 0.7 },
    ],
    11,
  );
  doc.seam(`M${CX} ${top + 4}Q${CX + 3} ${top + 200} ${CX} ${top + 392}`);
  doc.stitch(`M${CX + 9} ${top + 8}Q${CX + 12} ${top + 200} ${CX + 9} ${top + 385}`);
  doc.add(
    `<path d="M${CX - 196} ${top + 58}Q${CX} ${top - 30} ${CX + 196} ${top + 58}" fill="none" stroke="${p.deep}" stroke-opacity=".6" stroke-width="6"/>`,
  );
}

// ---------------------------------------------------------------------------------- garments

type Drawer = (doc: Doc) => void;

/** A tiny deterministic wobble, for raw edges. */
function wobbly(a: Pt, b: Pt, amp: number, step = 22): string {
  const n = Math.max(2, Math.round(Math.hypot(b[0] - a[0], b[1] - a[1]) / step));
  const pts: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const p = lerp(a, b, i / n);
    const k = i === 0 || i === n ? 0 : Math.sin(i * 2.7) * amp + Math.sin(i * 7.3) * amp * 0.4;
    pts.push([p[0], p[1] + k]);
  }
  return poly(pts, false);
}

function kangarooPocket(doc: Doc, top: number, bottom: number, body: string, split = false): void {
  const p = doc.p;
  const halves = split ? [-1, 1] : [0];
  for (const s of halves) {
    const segs: Seg[] = [
      [[150, top]],
      [
        [168, top + 80],
        [204, top + 160],
        [222, bottom],
      ],
      [[split ? 24 : 0, bottom]],
    ];
    const d = split ? shape(s, [24, top], segs) : sym([0, top], segs);
    doc.castShadow(d, body, 0, 8, 6, 0.5);
    doc.panel(d, { outline: false, vertical: false });
    for (const side of split ? [s] : [-1, 1]) {
      const edge = open(
        side,
        [150, top],
        [
          [
            [168, top + 80],
            [204, top + 160],
            [222, bottom],
          ],
        ],
      );
      doc.add(`<path d="${edge}" fill="none" stroke="${p.deep}" stroke-width="7" stroke-opacity=".9"/>`);
      doc.add(
        `<path d="${edge}" fill="none" stroke="#fff" stroke-opacity="${num2(p.hiA)}" stroke-width="3" transform="translate(${side * -6} 0)"/>`,
      );
      doc.stitch(
        open(
          side,
          [138, top + 10],
          [
            [
              [156, top + 88],
              [190, top + 165],
              [207, bottom],
            ],
          ],
        ),
      );
    }
    doc.stitch(split ? open(s, [26, top + 10], [[[146, top + 10]]]) : `M${CX - 146} ${top + 10}H${CX + 146}`);
    doc.stitch(split ? open(s, [26, top + 20], [[[144, top + 20]]]) : `M${CX - 144} ${top + 20}H${CX + 144}`);
    doc.folds(
      d,
      [{ d: `M${CX - 120} ${top + 40}Q${CX} ${top + 90} ${CX + 120} ${top + 30}`, w: 18, light: true, o: 0.5 }],
      12,
    );
  }
}

// ---- hoodies

const HOODIE: TopSpec = {
  neckW: 108,
  neckY: 345,
  backDip: 14,
  frontDip: 70,
  shoulder: [272, 402],
  armpit: [246, 628],
  hem: [256, 1150],
  band: { h: 82, inset: 14 },
  sleeve: { outer: [372, 1080], inner: [280, 1112], cuff: { h: 88, inset: 9 }, bulge: 18 },
  neck: 'none',
};

const hoodie: Drawer = (doc) => {
  const t = HOODIE;
  const top = drawTop(doc, t);
  if (doc.view === 'front') {
    kangarooPocket(doc, 830, t.hem[1], top.body);
    hoodFront(doc, t.neckY);
  } else {
    hoodBack(doc, t.neckY, top.body);
    doc.add(text('ATELIER NOIR', CX, 860, 17, mix(doc.p.base, doc.p.accent, 0.75), { weight: 0.13, tracking: 0.55 }));
    wovenLabel(doc, CX - 180, t.hem[1] + 20, 40, 26, doc.p.accent, doc.p.base);
  }
};

const ZIP_HOODIE: TopSpec = { ...HOODIE };

const zipHoodie: Drawer = (doc) => {
  const t = ZIP_HOODIE;
  const top = drawTop(doc, t);
  if (doc.view === 'front') {
    kangarooPocket(doc, 840, t.hem[1], top.body, true);
    hoodFront(doc, t.neckY, { zip: true });
    zip(doc, [CX, t.neckY + 96], [CX, top.bottom - 2], { width: 8 });
    doc.add(
      `<rect x="${CX - 9}" y="${top.bottom - 22}" width="18" height="18" rx="3" fill="${doc.p.metal}" stroke="${darken(doc.p.metal, 0.4)}" stroke-width="2"/>`,
    );
  } else {
    hoodBack(doc, t.neckY, top.body);
    wovenLabel(doc, CX - 180, t.hem[1] + 20, 40, 26, doc.p.accent, doc.p.base);
  }
};

const CROP: TopSpec = {
  neckW: 108,
  neckY: 400,
  backDip: 14,
  frontDip: 70,
  shoulder: [290, 456],
  armpit: [262, 664],
  hem: [270, 945],
  sleeve: { outer: [388, 1120], inner: [296, 1150], cuff: { h: 104, inset: 10 }, bulge: 20 },
  neck: 'none',
  bodyFolds: [
    { d: `M${CX - 200} 880Q${CX} 850 ${CX + 210} 890`, w: 16, light: true, o: 0.6 },
    { d: `M${CX - 150} 920Q${CX - 40} 900 ${CX + 60} 925`, w: 12, o: 0.5 },
  ],
};

const cropHoodie: Drawer = (doc) => {
  const t = CROP;
  const p = doc.p;
  const top = drawTop(doc, t);
  // raw, slightly rolled hem
  const hemY = t.hem[1];
  doc.add(
    `<path d="${wobbly([CX - t.hem[0] + 4, hemY - 7], [CX + t.hem[0] - 4, hemY - 7], 1.6)}" fill="none" stroke="#000" stroke-opacity="${num2(p.shA * 0.7)}" stroke-width="5"/>`,
    `<path d="${wobbly([CX - t.hem[0] + 4, hemY - 3], [CX + t.hem[0] - 4, hemY - 3], 1.4, 17)}" fill="none" stroke="${p.hi}" stroke-opacity=".8" stroke-width="2.4"/>`,
  );
  if (doc.view === 'front') {
    hoodFront(doc, t.neckY);
    doc.add(text('AN', CX + 150, 590, 30, mix(p.base, p.accent, 0.7), { weight: 0.11, tracking: 0.12 }));
  } else {
    hoodBack(doc, t.neckY, top.body);
    doc.add(text('PUMP COVER', CX, 842, 30, mix(p.base, p.accent, 0.8), { weight: 0.16, tracking: 0.32 }));
  }
};

// ---- sleeveless pump cover

const PUMP: TopSpec = {
  neckW: 100,
  neckY: 300,
  backDip: 14,
  frontDip: 66,
  shoulder: [300, 362],
  armpit: [268, 800],
  armhole: [
    [262, 452],
    [224, 708],
  ],
  hem: [282, 1272],
  neck: 'crew',
  bodyFolds: [
    { d: `M${CX - 230} 820Q${CX - 200} 1040 ${CX - 240} 1420`, w: 26, o: 0.4 },
    { d: `M${CX + 120} 700Q${CX + 150} 980 ${CX + 100} 1420`, w: 30, light: true, o: 0.4 },
  ],
};

const pumpCover: Drawer = (doc) => {
  const t = PUMP;
  const p = doc.p;
  drawTop(doc, t);
  for (const s of [-1, 1]) {
    // through the deep armhole: the inside of the other panel, and the raw, rolled edge
    const crescent = shape(s, t.shoulder, [
      [t.armhole?.[0] ?? t.shoulder, t.armhole?.[1] ?? t.armpit, t.armpit],
      [
        [208, 700],
        [236, 452],
        [284, 374],
      ],
    ]);
    doc.add(`<path d="${crescent}" fill="${p.inside}"/>`);
    doc.add(
      `<path d="${crescent}" fill="url(#${doc.across(at(s, [200, 600]), at(s, [270, 600]), [
        [0, '#000', 0],
        [1, '#000', 0.3],
      ])})"/>`,
    );
    const edge = open(s, [284, 374], [[[236, 452], [208, 700], t.armpit]]);
    doc.add(`<path d="${edge}" fill="none" stroke="${p.hi}" stroke-opacity=".7" stroke-width="3"/>`);
    doc.add(
      `<path d="${edge}" fill="none" stroke="#000" stroke-opacity="${num2(p.shA * 0.5)}" stroke-width="5" transform="translate(${-s * 5} 0)"/>`,
    );
  }
  doc.stitch(`M${CX - t.hem[0] + 4} ${t.hem[1] - 24}H${CX + t.hem[0] - 4}`);
  doc.stitch(`M${CX - t.hem[0] + 4} ${t.hem[1] - 16}H${CX + t.hem[0] - 4}`);
  const ink = mix(p.base, p.accent, 0.55);
  if (doc.view === 'front') {
    doc.add(text('ATELIER NOIR', CX, 470, 15, mix(p.base, p.accent, 0.85), { weight: 0.14, tracking: 0.5 }));
  } else {
    // tonal puff print: a raised wordmark with a soft shadow
    for (const [str, y] of [
      ['PUMP', 520],
      ['COVER', 640],
    ] as const) {
      doc.add(
        `<g transform="translate(3 5)">${text(str, CX, y, 92, '#000', { weight: 0.15, tracking: 0.2, opacity: p.shA * 0.5 })}</g>`,
      );
      doc.add(text(str, CX, y, 92, ink, { weight: 0.15, tracking: 0.2 }));
      doc.add(
        `<g transform="translate(-1.5 -1.5)">${text(str, CX, y, 92, '#fff', { weight: 0.04, tracking: 0.2, opacity: 0.18 })}</g>`,
      );
    }
    doc.add(text('ATELIER NOIR', CX, 790, 16, ink, { weight: 0.14, tracking: 0.6 }));
  }
};

// ---- tees

const TEE: TopSpec = {
  neckW: 94,
  neckY: 330,
  backDip: 14,
  frontDip: 60,
  shoulder: [284, 390],
  armpit: [260, 612],
  hem: [270, 1215],
  sleeve: { outer: [420, 670], inner: [328, 728], hem: true, bulge: 10 },
  neck: 'crew',
  bodyFolds: [
    { d: `M${CX - 200} 1080Q${CX - 150} 1180 ${CX - 180} 1330`, w: 16, o: 0.5 },
    { d: `M${CX + 60} 1060Q${CX + 80} 1170 ${CX + 40} 1330`, w: 14, o: 0.4 },
  ],
};

const tee: Drawer = (doc) => {
  const t = TEE;
  const p = doc.p;
  drawTop(doc, t);
  doc.stitch(`M${CX - t.hem[0] + 4} ${t.hem[1] - 26}H${CX + t.hem[0] - 4}`);
  doc.stitch(`M${CX - t.hem[0] + 4} ${t.hem[1] - 18}H${CX + t.hem[0] - 4}`);
  // side-seam flag label
  doc.add(`<rect x="${CX - t.hem[0] - 14}" y="${t.hem[1] - 120}" width="18" height="30" rx="2" fill="${p.accent}"/>`);
  if (doc.view === 'front') {
    monogram(doc, CX, 470, 120, p.accent);
  } else {
    doc.add(text('ATELIER', CX, 440, 76, p.accent, { weight: 0.12, tracking: 0.18 }));
    doc.add(text('NOIR', CX, 540, 76, p.accent, { weight: 0.12, tracking: 0.42 }));
    doc.add(`<path d="M${CX - 150} 660H${CX + 150}" stroke="${p.accent}" stroke-width="3"/>`);
    doc.add(text('CONFIDENCE', CX, 684, 16, p.accent, { weight: 0.14, tracking: 0.7 }));
  }
};

const COMP: TopSpec = {
  neckW: 82,
  neckY: 300,
  backDip: 12,
  frontDip: 56,
  shoulder: [214, 346],
  armpit: [188, 480],
  waist: [148, 820],
  hem: [172, 1135],
  sleeve: { outer: [296, 1092], inner: [236, 1104], bulge: 10, hem: true },
  neck: 'crew',
  neckRib: 18,
};

const compressionTee: Drawer = (doc) => {
  const t = COMP;
  const p = doc.p;
  const top = drawTop(doc, t, {
    beforeSleeves: () => {
      // mesh side panels
      const pid = doc.id('mesh');
      doc.def(
        `<pattern id="${pid}" width="9" height="9" patternUnits="userSpaceOnUse"><circle cx="4.5" cy="4.5" r="1.9" fill="#000" fill-opacity=".45"/></pattern>`,
      );
      for (const s of [-1, 1]) {
        const panel = shape(
          s,
          [188, 486],
          [
            [
              [148, 820],
              [172, 1135],
            ],
            [[140, 1135]],
            [
              [112, 820],
              [150, 500],
            ],
          ],
        );
        doc.add(`<path d="${panel}" fill="${p.shade}"/>`, `<path d="${panel}" fill="url(#${pid})"/>`);
        const seamD = open(
          s,
          [150, 500],
          [
            [
              [112, 820],
              [140, 1135],
            ],
          ],
        );
        doc.stitch(seamD, p.accent, 2, '5 4', 0.9);
        doc.stitch(
          open(
            s,
            [158, 500],
            [
              [
                [120, 820],
                [148, 1135],
              ],
            ],
          ),
          p.accent,
          2,
          '5 4',
          0.9,
        );
        // chest contour seam
        const chest = open(
          s,
          [190, 500],
          [
            [
              [150, 640],
              [0, 630],
            ],
          ],
        );
        doc.seam(chest, 2, 0.6);
        doc.stitch(
          open(
            s,
            [188, 510],
            [
              [
                [150, 650],
                [0, 640],
              ],
            ],
          ),
          p.accent,
          2,
          '5 4',
          0.9,
        );
      }
      if (doc.view === 'front') {
        doc.add(text('AN', CX + 104, 420, 26, p.accent, { weight: 0.12, tracking: 0.12 }));
        // muscle definition through the fabric
        doc.folds(
          sym(
            [0, t.neckY + t.backDip],
            [backNeckSeg(t), [t.shoulder], [t.armpit], [t.waist ?? t.armpit, t.hem], [[0, t.hem[1]]]],
          ),
          [
            { d: `M${CX - 150} 610Q${CX - 60} 660 ${CX} 640Q${CX + 60} 660 ${CX + 150} 610`, w: 14, o: 0.7 },
            { d: `M${CX - 130} 520Q${CX - 60} 560 ${CX - 20} 590`, w: 20, light: true, o: 0.7 },
            { d: `M${CX + 130} 520Q${CX + 60} 560 ${CX + 20} 590`, w: 20, light: true, o: 0.5 },
            { d: `M${CX} 660L${CX} 980`, w: 8, o: 0.5 },
            { d: `M${CX - 70} 760Q${CX} 775 ${CX + 70} 760M${CX - 66} 860Q${CX} 872 ${CX + 66} 860`, w: 7, o: 0.35 },
          ],
          8,
        );
      } else {
        const yoke = `M${CX - 200} 400Q${CX} 560 ${CX + 200} 400`;
        doc.seam(yoke, 2, 0.6);
        doc.stitch(`M${CX - 196} 410Q${CX} 572 ${CX + 196} 410`, p.accent, 2, '5 4', 0.9);
        doc.add(text('ATELIER NOIR', CX, 372, 13, p.accent, { weight: 0.14, tracking: 0.5 }));
        doc.folds(top0(t), [{ d: `M${CX} 560L${CX} 1000`, w: 14, o: 0.5 }], 10);
      }
    },
  });
  for (const sl of top.sleeves) {
    doc.stitch(`M${xy(sl.at(0.02, 0.55))}L${xy(sl.at(0.97, 0.55))}`, p.accent, 2, '5 4', 0.9);
    doc.stitch(`M${xy(sl.at(0.02, 0.6))}L${xy(sl.at(0.97, 0.6))}`, p.accent, 2, '5 4', 0.9);
  }
  doc.stitch(`M${CX - t.hem[0] + 4} ${t.hem[1] - 18}H${CX + t.hem[0] - 4}`, p.accent, 2, '5 4', 0.8);
};

/** The body outline of a top spec (for clipping). */
function top0(t: TopSpec): string {
  const segs: Seg[] = [backNeckSeg(t), [t.shoulder]];
  if (t.armhole) segs.push([t.armhole[0], t.armhole[1], t.armpit]);
  else segs.push([t.armpit]);
  segs.push(t.waist ? [t.waist, t.hem] : [t.hem]);
  segs.push([
    [t.hem[0] * 0.55, t.hem[1] + (t.hemDrop ?? 0)],
    [0, t.hem[1] + (t.hemDrop ?? 0)],
  ]);
  return sym([0, t.neckY + t.backDip], segs);
}

// ---- track top

const TRACK: TopSpec = {
  neckW: 92,
  neckY: 330,
  backDip: 12,
  frontDip: 40,
  shoulder: [240, 380],
  armpit: [216, 566],
  waist: [196, 860],
  hem: [210, 1130],
  band: { h: 64, inset: 10 },
  sleeve: { outer: [320, 1084], inner: [252, 1100], cuff: { h: 64, inset: 6 }, bulge: 12 },
  neck: 'none',
};

const trackTop: Drawer = (doc) => {
  const t = TRACK;
  const p = doc.p;
  const ny = t.neckY;
  const cw = t.neckW + 6;
  const top = drawTop(doc, t);
  for (const sl of top.sleeves) {
    for (const v of [0.56, 0.76]) {
      const d = `M${xy(sl.at(0.015, v))}L${xy(sl.at(1, v))}`;
      doc.clipped(
        sl.d,
        `<path d="${d}" stroke="${p.accent}" stroke-width="14"/><path d="${d}" stroke="#000" stroke-opacity=".12" stroke-width="14" stroke-dasharray="0"/>`,
      );
    }
    doc.folds(
      sl.d,
      [
        { d: `M${xy(sl.at(0.44, -0.1))}Q${xy(sl.at(0.52, 0.4))} ${xy(sl.at(0.47, 1.1))}`, w: 14, o: 0.6 },
        { d: `M${xy(sl.at(0.8, -0.1))}Q${xy(sl.at(0.84, 0.5))} ${xy(sl.at(0.8, 1.1))}`, w: 10, o: 0.5 },
      ],
      8,
    );
  }
  if (doc.view === 'front') {
    // funnel collar: inside of the back, then the front face
    const inner = sym(
      [0, ny - 100],
      [
        [
          [60, ny - 102],
          [cw, ny - 82],
        ],
        [
          [50, ny - 60],
          [0, ny - 60],
        ],
      ],
    );
    doc.add(`<path d="${inner}" fill="${p.inside}"/>`);
    doc.outline(inner);
    const collar = sym(
      [0, ny - 60],
      [
        [
          [50, ny - 60],
          [cw, ny - 82],
        ],
        [[cw + 8, ny - 2]],
        [
          [cw * 0.6, ny + 34],
          [0, ny + 36],
        ],
      ],
    );
    doc.panel(collar);
    doc.seam(
      open(
        1,
        [cw + 8, ny - 2],
        [
          [
            [cw * 0.6, ny + 34],
            [0, ny + 36],
          ],
        ],
      ),
    );
    doc.seam(
      open(
        -1,
        [cw + 8, ny - 2],
        [
          [
            [cw * 0.6, ny + 34],
            [0, ny + 36],
          ],
        ],
      ),
    );
    doc.stitch(
      open(
        1,
        [cw - 2, ny - 70],
        [
          [
            [48, ny - 50],
            [4, ny - 50],
          ],
        ],
      ),
    );
    doc.stitch(
      open(
        -1,
        [cw - 2, ny - 70],
        [
          [
            [48, ny - 50],
            [4, ny - 50],
          ],
        ],
      ),
    );
    zip(doc, [CX, ny - 58], [CX, top.bottom - 2], { width: 7 });
    doc.add(text('AN', CX + 118, 480, 24, p.accent, { weight: 0.12, tracking: 0.12 }));
    for (const s of [-1, 1]) {
      const a = at(s, [150, 860]);
      const b = at(s, [182, 1040]);
      doc.add(
        `<path d="M${xy(a)}L${xy(b)}" stroke="#000" stroke-opacity=".3" stroke-width="16" transform="translate(0 3)"/>`,
      );
      zip(doc, a, b, { width: 5, tape: p.deep });
    }
  } else {
    const collar = sym(
      [0, ny - 100],
      [
        [
          [60, ny - 102],
          [cw, ny - 84],
        ],
        [[cw + 8, ny - 2]],
        [
          [cw * 0.6, ny + 14],
          [0, ny + 14],
        ],
      ],
    );
    doc.panel(collar);
    doc.stitch(
      open(
        1,
        [cw, ny - 20],
        [
          [
            [cw * 0.6, ny - 4],
            [0, ny - 4],
          ],
        ],
      ),
    );
    doc.stitch(
      open(
        -1,
        [cw, ny - 20],
        [
          [
            [cw * 0.6, ny - 4],
            [0, ny - 4],
          ],
        ],
      ),
    );
    doc.seam(
      sym(
        [0, ny + 14],
        [
          [
            [cw * 0.6, ny + 14],
            [cw + 8, ny - 2],
          ],
        ],
      ),
      2,
      0.5,
    );
    doc.add(text('ATELIER NOIR', CX, ny + 90, 20, p.accent, { weight: 0.13, tracking: 0.55 }));
    doc.folds(top.body, [{ d: `M${CX - 80} 620Q${CX} 700 ${CX + 80} 620`, w: 20, light: true, o: 0.5 }], 12);
  }
};

// ---- bomber

const BOMBER: TopSpec = {
  neckW: 100,
  neckY: 330,
  backDip: 12,
  frontDip: 52,
  shoulder: [282, 390],
  armpit: [256, 604],
  hem: [266, 1075],
  band: { h: 94, inset: 36 },
  sleeve: { outer: [376, 1065], inner: [284, 1092], cuff: { h: 86, inset: 14 }, bulge: 24 },
  neck: 'none',
  bodyFolds: [
    { d: `M${CX - 150} 470Q${CX - 130} 700 ${CX - 150} 960`, w: 34, light: true, o: 0.9 },
    { d: `M${CX + 130} 480Q${CX + 110} 700 ${CX + 125} 950`, w: 26, light: true, o: 0.6 },
    { d: `M${CX - 60} 560Q${CX - 50} 760 ${CX - 70} 980`, w: 18, o: 0.35 },
    // blouson: the body gathers into the hem band
    { d: `M${CX - 250} 1010Q${CX - 200} 1050 ${CX - 170} 1072`, w: 8, o: 0.8 },
    { d: `M${CX - 120} 1000Q${CX - 100} 1045 ${CX - 90} 1072`, w: 8, o: 0.8 },
    { d: `M${CX - 40} 1010Q${CX - 30} 1050 ${CX - 36} 1072`, w: 7, o: 0.6 },
    { d: `M${CX + 70} 1000Q${CX + 80} 1045 ${CX + 70} 1072`, w: 8, o: 0.8 },
    { d: `M${CX + 180} 1004Q${CX + 200} 1050 ${CX + 215} 1072`, w: 8, o: 0.8 },
    { d: `M${CX - 230} 985Q${CX - 150} 1010 ${CX - 140} 1050`, w: 10, light: true, o: 0.7 },
    { d: `M${CX + 20} 990Q${CX + 60} 1010 ${CX + 40} 1050`, w: 10, light: true, o: 0.7 },
  ],
};

const bomber: Drawer = (doc) => {
  const t = BOMBER;
  const p = doc.p;
  const ny = t.neckY;
  const rib = darken(p.base, p.lum < 0.06 ? 0 : 0.08);
  const top = drawTop(doc, {
    ...t,
    band: { h: t.band?.h ?? 90, inset: t.band?.inset ?? 30, color: rib },
    sleeve: { ...(t.sleeve as SleeveSpec), cuff: { h: 86, inset: 14, color: rib } },
  });
  // extra silk sheen on the sleeves
  for (const sl of top.sleeves) {
    doc.folds(
      sl.d,
      [
        { d: `M${xy(sl.at(0.04, 0.6))}Q${xy(sl.at(0.3, 0.66))} ${xy(sl.at(0.38, 0.58))}`, w: 20, light: true, o: 0.8 },
        { d: `M${xy(sl.at(0.5, 0.55))}Q${xy(sl.at(0.7, 0.64))} ${xy(sl.at(0.85, 0.6))}`, w: 16, light: true, o: 0.7 },
      ],
      14,
    );
  }
  const tipping = (d: string) => {
    doc.add(`<path d="${d}" fill="none" stroke="${p.accent}" stroke-width="4" transform="translate(0 -12)"/>`);
    doc.add(`<path d="${d}" fill="none" stroke="${p.accent}" stroke-width="4" transform="translate(0 -2)"/>`);
  };
  const ribStroke = (d: string, w: number) => {
    doc.add(
      `<path d="${d}" fill="none" stroke="${rib}" stroke-width="${w}"/>`,
      `<path d="${d}" fill="none" stroke="${p.lum < 0.06 ? '#fff' : '#000'}" stroke-opacity="${p.lum < 0.06 ? 0.07 : 0.13}" stroke-width="${w}" stroke-dasharray="3 5"/>`,
    );
  };
  if (doc.view === 'front') {
    const inner = sym(
      [0, ny - 48],
      [
        [
          [60, ny - 50],
          [t.neckW - 2, ny - 40],
        ],
        [
          [60, ny + t.frontDip - 44],
          [0, ny + t.frontDip - 44],
        ],
      ],
    );
    doc.add(`<path d="${inner}" fill="${darken(rib, 0.3)}"/>`);
    doc.clipped(
      inner,
      `<path d="${inner}" fill="none" stroke="${p.lum < 0.06 ? '#fff' : '#000'}" stroke-opacity="${p.lum < 0.06 ? 0.06 : 0.12}" stroke-width="60" stroke-dasharray="3 5"/>`,
    );
    doc.outline(inner);
    const mid = `M${xy(at(-1, [t.neckW + 2, ny - 20]))}C${xy(at(-1, [t.neckW, ny + t.frontDip * 0.6 - 20]))} ${xy(at(-1, [60, ny + t.frontDip - 20]))} ${xy([CX, ny + t.frontDip - 20])}C${xy(at(1, [60, ny + t.frontDip - 20]))} ${xy(at(1, [t.neckW, ny + t.frontDip * 0.6 - 20]))} ${xy(at(1, [t.neckW + 2, ny - 20]))}`;
    ribStroke(mid, 52);
    doc.add(`<path d="${mid}" fill="none" stroke="url(#volH)" stroke-width="52"/>`);
    tipping(mid);
    doc.add(
      `<path d="${mid}" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="3" transform="translate(0 26)"/>`,
    );
    // welt pockets
    for (const s of [-1, 1]) {
      const welt = shape(s, [150, 770], [[[180, 770]], [[214, 958]], [[184, 958]]]);
      doc.castShadow(welt, top.body, 0, 5, 4, 0.6);
      doc.panel(welt, { outline: false, vertical: false });
      doc.add(`<path d="${open(s, [150, 770], [[[184, 958]]])}" stroke="${p.deep}" stroke-width="4"/>`);
      doc.stitch(open(s, [158, 774], [[[191, 954]]]));
      doc.stitch(open(s, [174, 774], [[[207, 954]]]));
    }
    zip(doc, [CX, ny + t.frontDip - 38], [CX, top.bottom - 2], { width: 8, tape: darken(p.base, 0.2) });
    // utility pocket on the left sleeve
    const sl = top.sleeves[1];
    if (sl) {
      const q: Pt[] = [sl.at(0.13, 0.28), sl.at(0.13, 0.86), sl.at(0.33, 0.84), sl.at(0.33, 0.3)];
      const d = poly(q);
      doc.castShadow(d, sl.d, 3, 5, 4, 0.6);
      doc.panel(d, { outline: false, vertical: false });
      doc.stitch(
        poly([
          lerp(q[0] ?? q[1]!, q[2]!, 0.06),
          lerp(q[1]!, q[3]!, 0.06),
          lerp(q[2]!, q[0]!, 0.06),
          lerp(q[3]!, q[1]!, 0.06),
        ]),
      );
      zip(doc, lerp(q[0]!, q[1]!, 0.1), lerp(q[0]!, q[1]!, 0.9), { width: 4, pull: false, tape: p.deep });
      const pen = lerp(q[1]!, q[2]!, 0.5);
      doc.stitch(`M${xy(lerp(q[0]!, pen, 0.45))}L${xy(lerp(q[3]!, pen, 0.45))}`);
    }
  } else {
    const back = `M${xy(at(-1, [t.neckW + 2, ny - 24]))}C${xy(at(-1, [t.neckW * 0.88, ny - 22]))} ${xy(at(-1, [t.neckW * 0.5, ny - 12]))} ${xy([CX, ny - 12])}C${xy(at(1, [t.neckW * 0.5, ny - 12]))} ${xy(at(1, [t.neckW * 0.88, ny - 22]))} ${xy(at(1, [t.neckW + 2, ny - 24]))}`;
    doc.outline(`${back}L${xy(at(1, [t.neckW + 2, ny + 30]))}L${xy(at(-1, [t.neckW + 2, ny + 30]))}Z`);
    ribStroke(back, 48);
    tipping(back);
    doc.add(
      `<path d="${back}" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="3" transform="translate(0 24)"/>`,
    );
    doc.add(text('AN', CX, 470, 42, mix(p.base, p.accent, 0.8), { weight: 0.1, tracking: 0.12 }));
  }
};

// ---- shirt

const SHIRT: TopSpec = {
  neckW: 76,
  neckY: 296,
  backDip: 10,
  frontDip: 30,
  shoulder: [270, 356],
  armpit: [248, 584],
  hem: [262, 1205],
  hemDrop: 75,
  sleeve: { outer: [362, 1080], inner: [278, 1104], cuff: { h: 100, inset: 3, plain: true }, bulge: 16 },
  neck: 'none',
  bodyFolds: [
    { d: `M${CX - 190} 700Q${CX - 150} 950 ${CX - 200} 1210`, w: 18, o: 0.5 },
    { d: `M${CX + 170} 720Q${CX + 130} 960 ${CX + 190} 1220`, w: 18, o: 0.5 },
  ],
};

const shirt: Drawer = (doc) => {
  const t = SHIRT;
  const p = doc.p;
  const ny = t.neckY;
  const bottom = t.hem[1] + (t.hemDrop ?? 0);
  // back of the collar, standing above the body
  const backCollar = sym(
    [0, ny - 40],
    [
      [
        [52, ny - 40],
        [t.neckW + 10, ny - 24],
      ],
      [[t.neckW + 14, ny + 6]],
      [[0, ny + 6]],
    ],
  );
  doc.panel(backCollar, { vertical: false });
  const top = drawTop(doc, t);
  for (const sl of top.sleeves) {
    doc.stitch(`M${xy(sl.at(0.8, 0.3))}L${xy(sl.at(1, 0.3))}`);
    const O2 = sl.end;
    button(doc, add(O2, mul(sl.axis, -46)), 8, p.accent);
  }
  if (doc.view === 'front') {
    const inner = sym(
      [0, ny - 32],
      [
        [
          [50, ny - 32],
          [t.neckW + 4, ny - 16],
        ],
        [
          [40, ny + 10],
          [0, ny + 22],
        ],
      ],
    );
    doc.add(`<path d="${inner}" fill="${p.inside}"/>`);
    // placket
    const placket = `M${CX - 24} ${ny + 20}H${CX + 24}V${bottom}H${CX - 24}Z`;
    doc.add(`<path d="${placket}" fill="url(#volV)"/>`);
    doc.seam(`M${CX - 24} ${ny + 30}V${bottom - 2}`, 2, 0.6);
    doc.seam(`M${CX + 24} ${ny + 30}V${bottom - 2}`, 2, 0.6);
    doc.stitch(`M${CX - 18} ${ny + 30}V${bottom - 4}`, p.stitch, 1.6, '5 4');
    doc.stitch(`M${CX + 18} ${ny + 30}V${bottom - 4}`, p.stitch, 1.6, '5 4');
    for (let i = 0; i < 7; i++) button(doc, [CX, 400 + i * 132], 9, p.accent);
    // chest pocket
    const pocket = shape(1, [84, 470], [[[196, 466]], [[198, 600]], [[142, 620]], [[86, 604]]]);
    doc.castShadow(pocket, top.body, 0, 4, 3, 0.5);
    doc.panel(pocket, { outline: false, vertical: false });
    doc.stitch(shape(1, [92, 492], [[[188, 489]], [[190, 594]], [[142, 611]], [[94, 597]]]), p.stitch, 1.6, '5 4');
    // collar leaves
    for (const s of [-1, 1]) {
      const leaf = shape(
        s,
        [6, ny + 22],
        [
          [[t.neckW + 8, ny - 24]],
          [
            [t.neckW + 30, ny + 20],
            [t.neckW + 44, ny + 76],
            [t.neckW + 40, ny + 122],
          ],
          [
            [64, ny + 70],
            [6, ny + 34],
          ],
        ],
      );
      doc.castShadow(leaf, top.body, s * 3, 8, 6, 0.6);
      doc.panel(leaf, { outline: false, vertical: false, shade: 'volV' });
      doc.stitch(
        open(
          s,
          [t.neckW + 14, ny - 8],
          [
            [
              [t.neckW + 34, ny + 26],
              [t.neckW + 40, ny + 70],
              [t.neckW + 34, ny + 108],
            ],
          ],
        ),
        p.stitch,
        1.6,
        '5 4',
      );
      doc.add(
        `<path d="${open(
          s,
          [t.neckW + 40, ny + 122],
          [
            [
              [64, ny + 70],
              [6, ny + 34],
            ],
          ],
        )}" fill="none" stroke="${p.seam}" stroke-opacity=".6" stroke-width="2"/>`,
      );
    }
    button(doc, [CX, ny + 14], 7, p.accent);
  } else {
    const collar = sym(
      [0, ny - 40],
      [
        [
          [52, ny - 40],
          [t.neckW + 10, ny - 24],
        ],
        [
          [t.neckW + 34, ny + 10],
          [t.neckW + 46, ny + 30],
        ],
        [
          [60, ny + 52],
          [0, ny + 54],
        ],
      ],
    );
    doc.castShadow(collar, top.body, 0, 8, 6, 0.6);
    doc.panel(collar, { vertical: false });
    doc.stitch(
      open(
        1,
        [t.neckW + 36, ny + 18],
        [
          [
            [60, ny + 40],
            [0, ny + 42],
          ],
        ],
      ),
      p.stitch,
      1.6,
      '5 4',
    );
    doc.stitch(
      open(
        -1,
        [t.neckW + 36, ny + 18],
        [
          [
            [60, ny + 40],
            [0, ny + 42],
          ],
        ],
      ),
      p.stitch,
      1.6,
      '5 4',
    );
    const yokeY = 430;
    doc.seam(`M${CX - 256} ${yokeY - 30}Q${CX} ${yokeY + 10} ${CX + 256} ${yokeY - 30}`);
    doc.stitch(`M${CX - 250} ${yokeY - 20}Q${CX} ${yokeY + 20} ${CX + 250} ${yokeY - 20}`, p.stitch, 1.6, '5 4');
    doc.folds(
      top.body,
      [
        { d: `M${CX - 34} ${yokeY}L${CX - 40} ${yokeY + 420}`, w: 8, o: 0.9 },
        { d: `M${CX + 34} ${yokeY}L${CX + 40} ${yokeY + 420}`, w: 8, o: 0.9 },
        { d: `M${CX} ${yokeY + 10}L${CX} ${yokeY + 400}`, w: 18, light: true, o: 0.8 },
      ],
      8,
    );
    doc.add(
      `<path d="M${CX - 8} ${yokeY + 2}Q${CX} ${yokeY + 40} ${CX + 8} ${yokeY + 2}" fill="none" stroke="${p.seam}" stroke-width="5"/>`,
    );
  }
  // shirt-tail hem stitch
  doc.stitch(
    open(
      1,
      [t.hem[0] - 6, t.hem[1] - 14],
      [
        [
          [t.hem[0] * 0.55, bottom - 14],
          [0, bottom - 14],
        ],
      ],
    ),
    p.stitch,
    1.6,
    '5 4',
  );
  doc.stitch(
    open(
      -1,
      [t.hem[0] - 6, t.hem[1] - 14],
      [
        [
          [t.hem[0] * 0.55, bottom - 14],
          [0, bottom - 14],
        ],
      ],
    ),
    p.stitch,
    1.6,
    '5 4',
  );
};

// ---- coat

const COAT: TopSpec = {
  neckW: 86,
  neckY: 222,
  backDip: 12,
  frontDip: 40,
  shoulder: [250, 270],
  armpit: [228, 494],
  waist: [210, 820],
  hem: [276, 1396],
  sleeve: { outer: [340, 1066], inner: [264, 1082], hem: true, bulge: 12 },
  neck: 'none',
  bodyFolds: [
    { d: `M${CX - 150} 860Q${CX - 170} 1100 ${CX - 250} 1520`, w: 22, o: 0.55 },
    { d: `M${CX - 100} 900Q${CX - 110} 1150 ${CX - 140} 1520`, w: 20, light: true, o: 0.6 },
    { d: `M${CX + 140} 880Q${CX + 170} 1120 ${CX + 240} 1520`, w: 22, o: 0.55 },
    { d: `M${CX + 90} 930Q${CX + 100} 1160 ${CX + 130} 1520`, w: 18, light: true, o: 0.5 },
  ],
};

const coat: Drawer = (doc) => {
  const t = COAT;
  const p = doc.p;
  const ny = t.neckY;
  const top = drawTop(doc, t);
  const horn = darken(mix(p.accent, p.base, 0.55), 0.18);
  for (const sl of top.sleeves) {
    for (const u of [0.86, 0.9, 0.94]) button(doc, sl.at(u, 0.8), 6, horn);
  }
  if (doc.view === 'front') {
    const collarTop = ny - 26;
    const G: Pt = [98, ny + 98];
    const B: Pt = [0, 690];
    // lining seen between the lapels
    const lining = sym(
      [0, ny + 14],
      [
        [[62, ny + 18], G],
        [[52, 470], B],
      ],
    );
    doc.add(`<path d="${lining}" fill="${darken(p.accent, 0.15)}"/>`);
    doc.add(
      `<path d="${lining}" fill="url(#${doc.across(
        [CX, ny],
        [CX, 690],
        [
          [0, '#000', 0.55],
          [1, '#000', 0.1],
        ],
      )})"/>`,
    );
    // front edge of the overlapping panel
    doc.add(
      `<path d="M${CX} 690Q${CX - 20} 720 ${CX - 24} 780V${t.hem[1]}" fill="none" stroke="#000" stroke-opacity="${num2(p.shA * 0.8)}" stroke-width="6" transform="translate(-3 0)"/>`,
    );
    doc.seam(`M${CX} 690Q${CX - 20} 720 ${CX - 24} 780V${t.hem[1]}`, 2.4, 0.9);
    for (const y of [760, 960, 1160]) button(doc, [CX + 14, y], 17, horn);
    for (const s of [-1, 1]) {
      const lapel = shape(s, B, [
        [
          [84, 640],
          [190, 520],
          [198, 410],
        ],
        [[168, 392]],
        [G],
        [[52, 470], B],
      ]);
      doc.castShadow(lapel, top.body, s * 8, 10, 8, 0.7);
      doc.panel(lapel, {
        outline: false,
        vertical: false,
        shade: doc.across(at(s, [40, 450]), at(s, [190, 450]), [
          [0, '#fff', p.hiA * 1.2],
          [0.3, '#fff', 0],
          [1, '#000', p.shA * 0.6],
        ]),
      });
      doc.stitch(
        open(
          s,
          [10, 670],
          [
            [
              [84, 626],
              [178, 520],
              [186, 414],
            ],
          ],
        ),
        p.stitch,
        1.6,
        '5 4',
        0.6,
      );
      // flap pockets
      const flap = shape(s, [104, 930], [[[236, 922]], [[238, 994]], [[106, 1002]]]);
      doc.castShadow(flap, top.body, 0, 6, 4, 0.6);
      doc.panel(flap, { outline: false, vertical: false, shade: 'band' });
      doc.stitch(shape(s, [112, 940], [[[228, 933]], [[230, 986]], [[114, 993]]]), p.stitch, 1.6, '5 4', 0.6);
    }
    const collar = sym(
      [0, collarTop],
      [
        [
          [70, collarTop],
          [112, ny + 4],
        ],
        [
          [150, ny + 44],
          [172, ny + 100],
          [178, ny + 150],
        ],
        [G],
        [
          [62, ny + 18],
          [0, ny + 14],
        ],
      ],
    );
    doc.castShadow(collar, top.body, 0, 8, 6, 0.6);
    doc.panel(collar, { vertical: false, shade: 'band' });
    doc.outline(
      sym(
        [0, collarTop],
        [
          [
            [70, collarTop],
            [112, ny + 4],
          ],
          [[t.neckW + 40, ny + 40]],
          [[0, ny + 40]],
        ],
      ),
    );
    doc.add(
      `<path d="${sym([0, ny + 14], [[[62, ny + 18], G]])}" fill="none" stroke="#000" stroke-opacity=".3" stroke-width="3"/>`,
    );
    // breast welt
    const welt = shape(1, [122, 560], [[[214, 548]], [[216, 572]], [[124, 584]]]);
    doc.panel(welt, { outline: false, vertical: false, shade: 'band' });
    doc.add(`<path d="${open(1, [124, 584], [[[216, 572]]])}" stroke="#000" stroke-opacity=".35" stroke-width="3"/>`);
  } else {
    const collar = sym(
      [0, ny - 22],
      [
        [
          [70, ny - 22],
          [112, ny - 4],
        ],
        [
          [150, ny + 16],
          [170, ny + 40],
        ],
        [
          [90, ny + 70],
          [0, ny + 74],
        ],
      ],
    );
    doc.castShadow(collar, top.body, 0, 10, 8, 0.6);
    doc.panel(collar, { vertical: false });
    doc.stitch(
      open(
        1,
        [160, ny + 34],
        [
          [
            [90, ny + 60],
            [0, ny + 62],
          ],
        ],
      ),
      p.stitch,
      1.6,
      '5 4',
      0.6,
    );
    doc.stitch(
      open(
        -1,
        [160, ny + 34],
        [
          [
            [90, ny + 60],
            [0, ny + 62],
          ],
        ],
      ),
      p.stitch,
      1.6,
      '5 4',
      0.6,
    );
    doc.seam(`M${CX} ${ny + 74}V1100`);
    // vent
    doc.add(`<path d="M${CX - 4} 1100V${t.hem[1]}" stroke="#000" stroke-opacity="${num2(p.shA)}" stroke-width="6"/>`);
    doc.seam(`M${CX} 1100V${t.hem[1]}`);
    doc.stitch(`M${CX} 1100L${CX + 30} 1130V${t.hem[1] - 10}`, p.stitch, 1.6, '5 4', 0.6);
    // half belt
    const belt = `M${CX - 150} 770H${CX + 150}V816H${CX - 150}Z`;
    doc.castShadow(belt, top.body, 0, 6, 5, 0.6);
    doc.panel(belt, { outline: false, vertical: false, shade: 'band' });
    doc.stitch(`M${CX - 146} 777H${CX + 146}M${CX - 146} 809H${CX + 146}`, p.stitch, 1.6, '5 4', 0.6);
    button(doc, [CX - 126, 793], 12, horn);
    button(doc, [CX + 126, 793], 12, horn);
  }
};

// ---- dress

const dress: Drawer = (doc) => {
  const p = doc.p;
  const front = doc.view === 'front';
  const body = sym(
    [0, 455],
    [
      [[90, 362]],
      [
        [120, 352],
        [150, 366],
        [170, 392],
      ],
      [
        [182, 470],
        [146, 560],
        [148, 680],
      ],
      [
        [152, 900],
        [252, 1150],
        [306, 1388],
      ],
      [
        [200, 1406],
        [100, 1396],
        [0, 1402],
      ],
    ],
  );
  // straps behind (the back straps)
  for (const s of [-1, 1]) {
    const back = front
      ? open(
          s,
          [112, 150],
          [
            [
              [136, 200],
              [138, 396],
            ],
          ],
        )
      : open(
          s,
          [88, 364],
          [
            [
              [96, 250],
              [112, 150],
            ],
          ],
        );
    doc.add(`<path d="${back}" fill="none" stroke="${p.shade}" stroke-width="8" stroke-linecap="round"/>`);
    doc.outline(`${back}L${xy(at(s, [146, 396]))}Z`);
  }
  if (front) {
    const notch = sym([0, 398], [[[55, 398]], [[0, 455]]]);
    doc.add(`<path d="${notch}" fill="${p.inside}"/>`);
    doc.outline(notch);
  }
  doc.panel(body, { shade: 'volH' });
  const sheen: Fold[] = [];
  for (const s of [-1, 1]) {
    sheen.push(
      {
        d: open(
          s,
          [40, 700],
          [
            [
              [58, 1000],
              [92, 1500],
            ],
          ],
        ),
        w: 18,
        light: true,
        o: s > 0 ? 1.4 : 1.8,
      },
      {
        d: open(
          s,
          [112, 690],
          [
            [
              [150, 1000],
              [250, 1500],
            ],
          ],
        ),
        w: 22,
        light: true,
        o: s > 0 ? 1.2 : 1.6,
      },
      {
        d: open(
          s,
          [74, 720],
          [
            [
              [108, 1050],
              [166, 1500],
            ],
          ],
        ),
        w: 22,
        o: 0.9,
      },
      {
        d: open(
          s,
          [140, 760],
          [
            [
              [200, 1050],
              [300, 1500],
            ],
          ],
        ),
        w: 18,
        o: 0.8,
      },
      {
        d: open(
          s,
          [8, 760],
          [
            [
              [16, 1050],
              [22, 1500],
            ],
          ],
        ),
        w: 16,
        o: 0.5,
      },
      {
        d: open(
          s,
          [120, 430],
          [
            [
              [150, 520],
              [140, 640],
            ],
          ],
        ),
        w: 18,
        light: true,
        o: 1.2,
      },
    );
  }
  doc.folds(body, sheen, 12);
  if (front) {
    const cowl: Fold[] = [];
    for (let k = 0; k < 4; k++) {
      cowl.push({
        d: `M${CX - 84 + k * 6} ${372 + k * 12}Q${CX} ${470 + k * 52} ${CX + 84 - k * 6} ${372 + k * 12}`,
        w: 9,
        light: k % 2 === 0,
        o: k % 2 === 0 ? 1.4 : 0.9,
      });
    }
    doc.folds(body, cowl, 6);
    doc.add(
      `<path d="M${CX - 90} 362L${CX} 455L${CX + 90} 362" fill="none" stroke="${p.hi}" stroke-opacity=".6" stroke-width="3"/>`,
    );
  } else {
    const inner = sym(
      [0, 455],
      [
        [[90, 362]],
        [
          [120, 352],
          [150, 366],
          [170, 392],
        ],
        [[112, 402]],
        [
          [104, 560],
          [70, 712],
          [0, 730],
        ],
      ],
    );
    doc.add(`<path d="${inner}" fill="${p.inside}"/>`);
    doc.add(
      `<path d="${inner}" fill="url(#${doc.across(
        [CX, 360],
        [CX, 730],
        [
          [0, '#000', 0.1],
          [1, '#000', 0.45],
        ],
      )})"/>`,
    );
    doc.add(
      `<path d="${open(
        1,
        [112, 402],
        [
          [
            [104, 560],
            [70, 712],
            [0, 730],
          ],
        ],
      )}${open(
        -1,
        [112, 402],
        [
          [
            [104, 560],
            [70, 712],
            [0, 730],
          ],
        ],
      )}" fill="none" stroke="${p.hi}" stroke-opacity=".6" stroke-width="3"/>`,
    );
    doc.folds(
      body,
      [
        { d: `M${CX - 120} 760Q${CX} 800 ${CX + 120} 760`, w: 10, o: 0.6 },
        { d: `M${CX - 130} 740Q${CX} 770 ${CX + 130} 740`, w: 8, light: true, o: 1.2 },
      ],
      8,
    );
  }
  // front straps (or crossed back straps), with slider adjusters
  for (const s of [-1, 1]) {
    const d = front
      ? open(
          s,
          [88, 364],
          [
            [
              [96, 250],
              [112, 150],
            ],
          ],
        )
      : `M${xy(at(s, [112, 402]))}C${xy(at(s, [84, 300]))} ${xy(at(-s, [60, 210]))} ${xy(at(-s, [112, 150]))}`;
    doc.add(
      `<path d="${d}" fill="none" stroke="#000" stroke-opacity=".18" stroke-width="9" stroke-linecap="round" transform="translate(3 5)"/>`,
    );
    doc.add(`<path d="${d}" fill="none" stroke="${p.base}" stroke-width="8" stroke-linecap="round"/>`);
    doc.add(
      `<path d="${d}" fill="none" stroke="${p.hi}" stroke-width="2.5" stroke-linecap="round" transform="translate(-1.5 0)"/>`,
    );
    if (front) {
      const c = at(s, [101, 250]);
      doc.add(
        `<rect x="${num(c[0] - 8)}" y="${num(c[1] - 6)}" width="16" height="12" rx="2" fill="${p.metal}" stroke="${darken(p.metal, 0.4)}" stroke-width="1.5" transform="rotate(${s * 8} ${num(c[0])} ${num(c[1])})"/>`,
      );
    }
  }
  // rolled hem
  doc.stitch(
    open(
      1,
      [300, 1372],
      [
        [
          [200, 1390],
          [100, 1380],
          [0, 1386],
        ],
      ],
    ),
    p.stitch,
    1.4,
    '4 4',
    0.6,
  );
  doc.stitch(
    open(
      -1,
      [300, 1372],
      [
        [
          [200, 1390],
          [100, 1380],
          [0, 1386],
        ],
      ],
    ),
    p.stitch,
    1.4,
    '4 4',
    0.6,
  );
  if (front) wovenLabel(doc, CX, 410, 30, 18, p.accent, p.base);
};

// ---------------------------------------------------------------------------------- bottoms

interface BottomSpec {
  waistY: number;
  waistW: number;
  bandH: number;
  hip: Pt;
  /** Control point of the outer leg between hip and hem. */
  knee?: Pt;
  crotchY: number;
  hemY: number;
  hemOuter: number;
  hemInner: number;
  cuff?: { h: number; inset: number };
  /** The outer corner of the hem is cut away (split hem on shorts). */
  split?: number;
}

interface Bottoms {
  body: string;
  legs: string[];
  bandBottom: number;
}

function outerLegSegs(b: BottomSpec, dx = 0): Seg[] {
  const bb = b.waistY + b.bandH;
  const segs: Seg[] = [
    [[b.waistW + 2 + dx, bb]],
    [
      [b.hip[0] + dx, bb + 70],
      [b.hip[0] + dx, b.hip[1] - 60],
      [b.hip[0] + dx, b.hip[1]],
    ],
  ];
  const endY = b.hemY - (b.split ?? 0);
  segs.push(
    b.knee
      ? [
          [b.knee[0] + dx, b.knee[1]],
          [b.hemOuter + dx, endY],
        ]
      : [[b.hemOuter + dx, endY]],
  );
  return segs;
}

function legSegs(b: BottomSpec): Seg[] {
  const segs = outerLegSegs(b);
  if (b.split)
    segs.push([
      [b.hemOuter - 4, b.hemY - 6],
      [b.hemOuter - b.split, b.hemY],
    ]);
  segs.push(
    [[b.hemInner, b.hemY]],
    [
      [b.hemInner + 8, b.crotchY + 200],
      [14, b.crotchY + 26],
      [0, b.crotchY],
    ],
  );
  return segs;
}

function drawBottoms(
  doc: Doc,
  b: BottomSpec,
  o: { elastic?: boolean; legFolds?: (s: number) => Fold[] } = {},
): Bottoms {
  const p = doc.p;
  const { waistY, waistW, bandH } = b;
  const bb = waistY + bandH;
  const body = sym(
    [0, waistY - 26],
    [
      [
        [waistW * 0.7, waistY - 26],
        [waistW, waistY],
      ],
      ...legSegs(b),
    ],
  );
  doc.outline(body);
  // the inside of the waistband at the back
  const inner = sym(
    [0, waistY - 26],
    [
      [
        [waistW * 0.7, waistY - 26],
        [waistW, waistY],
      ],
      [
        [waistW * 0.7, waistY + 10],
        [0, waistY + 10],
      ],
    ],
  );
  doc.add(`<path d="${inner}" fill="${p.inside}"/>`);
  doc.add(
    `<path d="${inner}" fill="url(#${doc.across(
      [CX, waistY - 26],
      [CX, waistY + 10],
      [
        [0, '#000', 0.4],
        [1, '#000', 0],
      ],
    )})"/>`,
  );
  const legs: string[] = [];
  for (const s of [-1, 1]) {
    const leg = shape(
      s,
      [0, bb + 10],
      [
        [
          [waistW * 0.6, bb + 10],
          [waistW + 2, bb],
        ],
        ...legSegs(b).slice(1),
      ],
    );
    legs.push(leg);
    const yk = (b.crotchY + b.hemY) / 2;
    doc.panel(leg, {
      outline: false,
      shade: doc.limbShade(at(s, [b.hemInner * 0.6, yk]), at(s, [(b.hip[0] + b.hemOuter) / 2 + 6, yk])),
    });
    doc.folds(
      leg,
      [
        {
          d: open(
            s,
            [20, b.crotchY - 30],
            [
              [
                [60, b.crotchY + 40],
                [b.hemInner + 40, b.crotchY + 160],
              ],
            ],
          ),
          w: 16,
          o: 0.6,
        },
        { d: open(s, [b.hip[0] - 40, bb + 30], [[[b.hip[0] - 10, bb + 150]]]), w: 18, light: true, o: 0.4 },
        ...(o.legFolds?.(s) ?? []),
      ],
      10,
    );
  }
  doc.seam(`M${CX} ${bb + 10}V${b.crotchY - 6}`, 2, 0.5);
  // waistband
  const band = sym(
    [0, waistY + 10],
    [
      [
        [waistW * 0.7, waistY + 10],
        [waistW, waistY],
      ],
      [[waistW + 2, bb]],
      [
        [waistW * 0.6, bb + 10],
        [0, bb + 10],
      ],
    ],
  );
  doc.panel(band, { outline: false, vertical: false });
  doc.add(`<path d="${band}" fill="url(#band)"/>`);
  if (o.elastic) {
    const c = doc.id('c');
    doc.def(`<clipPath id="${c}"><path d="${band}"/></clipPath>`);
    const g: string[] = [];
    for (let x = -waistW; x <= waistW; x += 11)
      g.push(`M${num(CX + x)} ${waistY - 10}l${num(Math.sin(x) * 3)} ${bandH + 30}`);
    doc.add(
      `<g clip-path="url(#${c})"><path d="${g.join('')}" stroke="#000" stroke-opacity="${num2(p.shA * 0.55)}" stroke-width="4"/><path d="${g.join('')}" stroke="#fff" stroke-opacity="${num2(p.hiA * 0.9)}" stroke-width="2.5" transform="translate(5 0)"/></g>`,
    );
    doc.stitch(
      open(
        1,
        [waistW - 2, waistY + 12],
        [
          [
            [waistW * 0.7, waistY + 24],
            [0, waistY + 24],
          ],
        ],
      ),
    );
    doc.stitch(
      open(
        -1,
        [waistW - 2, waistY + 12],
        [
          [
            [waistW * 0.7, waistY + 24],
            [0, waistY + 24],
          ],
        ],
      ),
    );
    doc.stitch(
      open(
        1,
        [waistW, bb - 12],
        [
          [
            [waistW * 0.6, bb - 2],
            [0, bb - 2],
          ],
        ],
      ),
    );
    doc.stitch(
      open(
        -1,
        [waistW, bb - 12],
        [
          [
            [waistW * 0.6, bb - 2],
            [0, bb - 2],
          ],
        ],
      ),
    );
  }
  doc.seam(
    sym(
      [0, bb + 10],
      [
        [
          [waistW * 0.6, bb + 10],
          [waistW + 2, bb],
        ],
      ],
    ),
    2.4,
    0.7,
  );
  if (b.cuff) {
    for (const s of [-1, 1]) {
      const a = at(s, [b.hemOuter, b.hemY]);
      const c = at(s, [b.hemInner, b.hemY]);
      const ins = b.cuff.inset;
      doc.ribBand([a, c, at(s, [b.hemInner + ins, b.hemY + b.cuff.h]), at(s, [b.hemOuter - ins, b.hemY + b.cuff.h])]);
    }
  }
  return { body, legs, bandBottom: bb };
}

const TROUSERS: BottomSpec = {
  waistY: 190,
  waistW: 172,
  bandH: 58,
  hip: [214, 520],
  crotchY: 610,
  hemY: 1395,
  hemOuter: 240,
  hemInner: 26,
};

const trousers: Drawer = (doc) => {
  const b = TROUSERS;
  const p = doc.p;
  const bb = b.waistY + b.bandH;
  const front = doc.view === 'front';
  const t = drawBottoms(doc, b, {
    legFolds: (s) => [
      {
        d: open(
          s,
          [60, 1300],
          [
            [
              [130, 1330],
              [230, 1310],
            ],
          ],
        ),
        w: 12,
        o: 0.5,
      },
      {
        d: open(
          s,
          [40, 1340],
          [
            [
              [120, 1370],
              [220, 1352],
            ],
          ],
        ),
        w: 10,
        light: true,
        o: 0.6,
      },
      {
        d: open(
          s,
          [30, 900],
          [
            [
              [50, 1100],
              [40, 1390],
            ],
          ],
        ),
        w: 20,
        o: 0.4,
      },
    ],
  });
  for (const s of [-1, 1]) {
    // pressed crease
    const crease = open(
      s,
      [96, bb + 10],
      [
        [
          [118, 800],
          [136, b.hemY],
        ],
      ],
    );
    doc.clipped(
      t.body,
      `<path d="${crease}" fill="none" stroke="#000" stroke-opacity="${num2(p.shA * 0.5)}" stroke-width="10" transform="translate(${s * 6} 0)"/><path d="${crease}" fill="none" stroke="#fff" stroke-opacity="${num2(p.hiA * 1.6)}" stroke-width="3"/>`,
    );
    // belt loops
    for (const dx of [70, 168]) {
      const l = at(s, [dx, 0]);
      doc.add(
        `<rect x="${num(l[0] - 8)}" y="${b.waistY - 4}" width="16" height="${b.bandH + 14}" rx="2" fill="${p.base}" stroke="#000" stroke-opacity=".3" stroke-width="2"/>`,
      );
      doc.add(
        `<rect x="${num(l[0] - 8)}" y="${b.waistY - 4}" width="16" height="${b.bandH + 14}" rx="2" fill="url(#volH)"/>`,
      );
    }
    if (front) {
      const pk = open(s, [b.waistW - 62, bb + 8], [[[b.hip[0] - 14, bb + 200]]]);
      doc.add(`<path d="${pk}" stroke="#000" stroke-opacity="${num2(p.shA * 1.2)}" stroke-width="6"/>`);
      doc.add(
        `<path d="${pk}" stroke="#fff" stroke-opacity="${num2(p.hiA)}" stroke-width="3" transform="translate(${-s * 5} 0)"/>`,
      );
      doc.stitch(open(s, [b.waistW - 74, bb + 8], [[[b.hip[0] - 26, bb + 200]]]), p.stitch, 1.6, '5 4', 0.6);
      // pleat
      doc.folds(
        t.legs[s < 0 ? 0 : 1] ?? t.body,
        [
          {
            d: open(
              s,
              [92, bb + 10],
              [
                [
                  [98, bb + 110],
                  [104, bb + 200],
                ],
              ],
            ),
            w: 8,
            o: 1,
          },
          {
            d: open(
              s,
              [100, bb + 10],
              [
                [
                  [106, bb + 110],
                  [112, bb + 200],
                ],
              ],
            ),
            w: 8,
            light: true,
            o: 1,
          },
        ],
        5,
      );
    } else {
      // welt pocket with button, darts
      const wy = bb + 110;
      const welt = shape(s, [58, wy], [[[168, wy - 6]], [[169, wy + 14]], [[59, wy + 20]]]);
      doc.panel(welt, { outline: false, vertical: false, shade: 'band' });
      doc.add(
        `<path d="${open(s, [59, wy + 10], [[[169, wy + 4]]])}" stroke="#000" stroke-opacity=".5" stroke-width="3"/>`,
      );
      button(doc, at(s, [114, wy + 30]), 8, p.accent);
      doc.folds(t.body, [{ d: open(s, [110, bb + 10], [[[112, bb + 90]]]), w: 4, o: 1.2 }], 3);
    }
  }
  if (front) {
    doc.seam(
      `M${CX - 34} ${bb + 10}V${b.crotchY - 70}Q${CX - 34} ${b.crotchY - 24} ${CX - 2} ${b.crotchY - 18}`,
      2,
      0.6,
    );
    doc.stitch(
      `M${CX - 28} ${bb + 12}V${b.crotchY - 74}Q${CX - 28} ${b.crotchY - 32} ${CX} ${b.crotchY - 28}`,
      p.stitch,
      1.6,
      '5 4',
      0.7,
    );
    doc.add(`<path d="M${CX} ${bb + 10}V${b.crotchY - 18}" stroke="#000" stroke-opacity=".35" stroke-width="3"/>`);
    button(doc, [CX + 4, b.waistY + b.bandH / 2 + 3], 10, p.accent);
  } else {
    const l = at(1, [0, 0]);
    doc.add(
      `<rect x="${num(l[0] - 8)}" y="${b.waistY - 16}" width="16" height="${b.bandH + 14}" rx="2" fill="${p.base}" stroke="#000" stroke-opacity=".3" stroke-width="2"/>`,
    );
    doc.add(
      `<path d="M${CX} ${b.waistY - 26}L${CX} ${b.crotchY}" stroke="${p.seam}" stroke-opacity=".6" stroke-width="2.4"/>`,
    );
    wovenLabel(doc, CX - 100, b.waistY + 14, 38, 22, p.accent, p.base);
  }
};

const JOGGERS: BottomSpec = {
  waistY: 200,
  waistW: 186,
  bandH: 72,
  hip: [230, 520],
  knee: [222, 980],
  crotchY: 648,
  hemY: 1250,
  hemOuter: 158,
  hemInner: 44,
  cuff: { h: 80, inset: 8 },
};

const TRACK_PANTS: BottomSpec = {
  waistY: 190,
  waistW: 180,
  bandH: 62,
  hip: [222, 520],
  knee: [205, 1000],
  crotchY: 640,
  hemY: 1380,
  hemOuter: 172,
  hemInner: 40,
};

const SHORTS: BottomSpec = {
  waistY: 360,
  waistW: 222,
  bandH: 74,
  hip: [258, 640],
  crotchY: 800,
  hemY: 1110,
  hemOuter: 292,
  hemInner: 30,
  split: 60,
};

function stackFolds(s: number, y0: number, y1: number, inner: number, outer: number, n: number): Fold[] {
  const f: Fold[] = [];
  const w = outer - inner;
  // irregular, gently sloped creases where the leg bunches above the cuff
  const shapes: readonly (readonly [number, number, number, number])[] = [
    [0.05, 0.75, 14, -10],
    [0.25, 1, -12, 16],
    [0, 0.6, 8, -18],
    [0.35, 0.95, -16, 6],
    [0.1, 0.8, 12, -8],
  ];
  for (let i = 0; i < n; i++) {
    const [a, b, ya, yb] = shapes[i % shapes.length] ?? [0, 1, 0, 0];
    const y = y0 + ((y1 - y0) * i) / Math.max(1, n - 1);
    const p0: Pt = [inner + w * a, y + ya];
    const p1: Pt = [inner + w * b, y + yb];
    const c: Pt = [(p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2 + 10];
    f.push({ d: open(s, p0, [[c, p1]]), w: 9, o: 0.85 });
    f.push({
      d: open(
        s,
        [p0[0], p0[1] - 16],
        [
          [
            [c[0], c[1] - 18],
            [p1[0], p1[1] - 16],
          ],
        ],
      ),
      w: 10,
      light: true,
      o: 0.6,
    });
  }
  return f;
}

function waistCord(doc: Doc, y: number, color: string, len = 190): void {
  drawcord(doc, [CX - 30, y], [CX - 40, y + len * 0.6], [CX - 34, y + len], color, 8);
  drawcord(doc, [CX + 30, y], [CX + 44, y + len * 0.55], [CX + 50, y + len * 0.85], color, 8);
}

const joggers: Drawer = (doc) => {
  const b = JOGGERS;
  const p = doc.p;
  const bb = b.waistY + b.bandH;
  const front = doc.view === 'front';
  const t = drawBottoms(doc, b, {
    elastic: true,
    legFolds: (s) => [
      ...stackFolds(s, 1070, 1230, b.hemInner + 10, b.hemOuter + 20, 5),
      {
        d: open(
          s,
          [60, 950],
          [
            [
              [130, 990],
              [215, 960],
            ],
          ],
        ),
        w: 14,
        o: 0.5,
      },
    ],
  });
  for (const s of [-1, 1]) {
    // cargo pocket with flap and snap
    const pocket = shape(s, [128, 720], [[[226, 716]], [[222, 906]], [[134, 912]]]);
    doc.castShadow(pocket, t.body, s * 3, 6, 5, 0.6);
    doc.panel(pocket, { outline: false, vertical: false });
    doc.stitch(shape(s, [136, 728], [[[218, 724]], [[214, 898]], [[142, 904]]]), p.stitch, 1.6, '5 4', 0.7);
    doc.folds(pocket, [{ d: open(s, [175, 750], [[[180, 900]]]), w: 8, o: 0.7 }], 5);
    const flap = shape(s, [122, 690], [[[230, 686]], [[228, 756]], [[124, 762]]]);
    doc.castShadow(flap, t.body, 0, 6, 4, 0.7);
    doc.panel(flap, { outline: false, vertical: false, shade: 'band' });
    doc.stitch(shape(s, [130, 698], [[[222, 694]], [[220, 748]], [[132, 752]]]), p.stitch, 1.6, '5 4', 0.7);
    const snap = at(s, [176, 736]);
    doc.add(
      `<circle cx="${num(snap[0])}" cy="${num(snap[1])}" r="9" fill="${p.metal}" stroke="${darken(p.metal, 0.45)}" stroke-width="2"/>`,
    );
    if (front) {
      const pk = open(s, [b.waistW - 50, bb + 8], [[[b.hip[0] - 8, bb + 170]]]);
      doc.add(`<path d="${pk}" stroke="#000" stroke-opacity="${num2(p.shA * 1.1)}" stroke-width="6"/>`);
      doc.stitch(open(s, [b.waistW - 62, bb + 8], [[[b.hip[0] - 20, bb + 170]]]), p.stitch, 1.6, '5 4', 0.6);
    }
  }
  if (front) {
    waistCord(doc, b.waistY + b.bandH * 0.55, p.accent);
  } else {
    const pk = shape(1, [50, bb + 60], [[[170, bb + 56]], [[172, bb + 168]], [[52, bb + 172]]]);
    doc.castShadow(pk, t.body, 2, 5, 4, 0.5);
    doc.panel(pk, { outline: false, vertical: false });
    zip(doc, at(1, [62, bb + 78]), at(1, [160, bb + 75]), { width: 4, tape: p.deep, pull: false });
    doc.stitch(
      shape(1, [58, bb + 66], [[[162, bb + 62]], [[164, bb + 160]], [[60, bb + 164]]]),
      p.stitch,
      1.6,
      '5 4',
      0.6,
    );
    wovenLabel(doc, CX - 110, b.waistY + 18, 40, 24, p.accent, p.base);
  }
};

const trackPants: Drawer = (doc) => {
  const b = TRACK_PANTS;
  const p = doc.p;
  const bb = b.waistY + b.bandH;
  const front = doc.view === 'front';
  const t = drawBottoms(doc, b, {
    elastic: true,
    legFolds: (s) => [
      {
        d: open(
          s,
          [50, 980],
          [
            [
              [120, 1010],
              [200, 980],
            ],
          ],
        ),
        w: 14,
        o: 0.5,
      },
      {
        d: open(
          s,
          [50, 1260],
          [
            [
              [110, 1290],
              [180, 1262],
            ],
          ],
        ),
        w: 10,
        o: 0.5,
      },
      {
        d: open(
          s,
          [60, 1300],
          [
            [
              [110, 1320],
              [175, 1300],
            ],
          ],
        ),
        w: 10,
        light: true,
        o: 0.6,
      },
    ],
  });
  for (const s of [-1, 1]) {
    const leg = t.legs[s < 0 ? 0 : 1] ?? t.body;
    for (const dx of [-20, -40]) {
      const d = open(s, [b.waistW + 2 + dx, bb], outerLegSegs(b, dx).slice(1));
      doc.clipped(leg, `<path d="${d}" fill="none" stroke="${p.accent}" stroke-width="12"/>`);
    }
    // ankle zip
    zip(doc, at(s, [b.hemOuter - 62, b.hemY - 190]), at(s, [b.hemOuter - 70, b.hemY - 4]), { width: 5, tape: p.deep });
    if (front) {
      const a = at(s, [b.waistW - 30, bb + 40]);
      const c = at(s, [b.hip[0] - 34, bb + 200]);
      zip(doc, a, c, { width: 5, tape: p.deep });
    }
  }
  if (front) {
    waistCord(doc, b.waistY + b.bandH * 0.55, p.accent, 170);
    doc.add(text('AN', CX + 92, 1130, 24, p.accent, { weight: 0.12, tracking: 0.12 }));
  } else {
    wovenLabel(doc, CX - 110, b.waistY + 16, 40, 24, p.accent, p.base);
    doc.add(text('CONFIDENCE', CX + 78, bb + 60, 12, p.accent, { weight: 0.15, tracking: 0.45 }));
  }
};

const shorts: Drawer = (doc) => {
  const b = SHORTS;
  const p = doc.p;
  const bb = b.waistY + b.bandH;
  const front = doc.view === 'front';
  const t = drawBottoms(doc, b, {
    elastic: true,
    legFolds: (s) => [
      {
        d: open(
          s,
          [40, 1020],
          [
            [
              [120, 1000],
              [230, 1030],
            ],
          ],
        ),
        w: 12,
        light: true,
        o: 0.6,
      },
      {
        d: open(
          s,
          [60, 940],
          [
            [
              [150, 980],
              [250, 950],
            ],
          ],
        ),
        w: 14,
        o: 0.5,
      },
    ],
  });
  for (const s of [-1, 1]) {
    const leg = t.legs[s < 0 ? 0 : 1] ?? t.body;
    // piping down the side, and the split hem
    const d = open(s, [b.waistW - 14, bb], outerLegSegs(b, -16).slice(1));
    doc.clipped(leg, `<path d="${d}" fill="none" stroke="${p.accent}" stroke-width="7"/>`);
    doc.stitch(
      open(
        s,
        [b.hemInner + 4, b.hemY - 18],
        [
          [[b.hemOuter - b.split! - 10, b.hemY - 18]],
          [
            [b.hemOuter - 14, b.hemY - 22],
            [b.hemOuter - 8, b.hemY - b.split! - 10],
          ],
        ],
      ),
      p.stitch,
      1.6,
      '5 4',
      0.7,
    );
    if (front) {
      const pk = open(s, [b.waistW - 40, bb + 8], [[[b.hip[0] - 12, bb + 200]]]);
      doc.add(`<path d="${pk}" stroke="#000" stroke-opacity="${num2(p.shA * 1.1)}" stroke-width="5"/>`);
    }
  }
  if (front) {
    waistCord(doc, b.waistY + b.bandH * 0.55, p.accent, 150);
    doc.add(text('AN', CX + 200, b.hemY - 110, 28, p.accent, { weight: 0.12, tracking: 0.12 }));
  } else {
    zip(doc, at(1, [70, bb + 90]), at(1, [190, bb + 84]), { width: 5, tape: p.deep });
    doc.stitch(open(1, [70, bb + 106], [[[190, bb + 100]]]), p.stitch, 1.6, '5 4', 0.6);
    wovenLabel(doc, CX - 120, b.waistY + 20, 40, 24, p.accent, p.base);
  }
};

const DRAWERS: Record<GarmentKind, Drawer> = {
  bomber,
  trousers,
  dress,
  coat,
  shirt,
  hoodie,
  'crop-hoodie': cropHoodie,
  'zip-hoodie': zipHoodie,
  'pump-cover': pumpCover,
  joggers,
  'compression-tee': compressionTee,
  'track-top': trackTop,
  shorts,
  tee,
  'track-pants': trackPants,
};

/** An SVG document, 1200×1500 (viewBox 0 0 1200 1500), of the garment in the colour: the shop's product photo stand-in. */
export function garmentSvg(kind: GarmentKind, color: SeedColor, view: ArtView): string {
  const doc = new Doc(palette(color), view);
  DRAWERS[kind](doc);
  return doc.render();
}
