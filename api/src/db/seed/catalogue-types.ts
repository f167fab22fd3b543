/** The shapes of the demo catalogue (./catalogue.ts): its garments, colours (with their Bulgarian names) and products. */
import type { Size } from '@shop/contract';

/** The garment shapes `garmentSvg` can draw. */
export type GarmentKind =
  | 'bomber'
  | 'trousers'
  | 'dress'
  | 'coat'
  | 'shirt'
  | 'hoodie'
  | 'crop-hoodie'
  | 'zip-hoodie'
  | 'pump-cover'
  | 'joggers'
  | 'compression-tee'
  | 'track-top'
  | 'shorts'
  | 'tee'
  | 'track-pants';

/**
 * The Bulgarian name of every demo colour, by its English name. Migration 0010 gives shops seeded
 * before it the same names.
 */
export const COLOR_NAMES_BG = {
  Onyx: 'Оникс',
  Champagne: 'Шампанско',
  Bordeaux: 'Бордо',
  Charcoal: 'Антрацит',
  Camel: 'Камел',
  Ivory: 'Слонова кост',
  Midnight: 'Полунощно синьо',
  Oxblood: 'Тъмно бордо',
  Slate: 'Графит',
  'Slate Blue': 'Сиво-синьо',
  Bone: 'Екрю',
  Olive: 'Маслинено зелено',
  Sand: 'Пясъчно бежово',
  Burgundy: 'Винено червено',
  'Heather Grey': 'Сив меланж',
  Cobalt: 'Кобалтово синьо',
} as const;
export type DemoColorName = keyof typeof COLOR_NAMES_BG;

export interface SeedColor {
  /** English colour name shown to shoppers, e.g. "Onyx" (its Bulgarian name is in `COLOR_NAMES_BG`). */
  name: DemoColorName;
  /** Main fabric colour. */
  hex: string;
  /** Trim and detail colour (zips, stripes, prints, buttons, lining). */
  accent: string;
}

export interface SeedProduct {
  /** Stable unique slug: seeding looks products up by it, so it never changes. */
  key: string;
  /** 1 Elegance, 2 Pump Covers, 3 Confidence. */
  categoryId: 1 | 2 | 3;
  priceCents: number;
  /** In the spec's size order. */
  sizes: Size[];
  garment: GarmentKind;
  en: { name: string; description: string };
  bg: { name: string; description: string };
  /** Two or three; the first is the product's main colour. */
  colors: SeedColor[];
  /**
   * The colour shown with every photo the product page can show: front, back and the close-ups
   * (`DETAIL_VIEWS`), in that order.
   */
  gallery?: DemoColorName;
}
