import {
  CATEGORY_IDS,
  CATEGORY_SLUGS,
  SIZES,
  SkuSchema,
  StyleCodeSchema,
  type ImportIssue,
  type Language,
  type Size,
} from '@shop/contract';

/** The import's plan (what a file becomes) and the reader every format's parser checks its cells with. */

export type { ImportIssue } from '@shop/contract';

export interface PlannedVariant {
  row: number;
  colorEn: string;
  colorBg: string;
  size: Size;
  sku: string;
  gtin: string;
  /** On hand; null: stock not counted. */
  stock: number | null;
  /** Image names as the file gives them (file names, or URLs whose last part is one). */
  images: string[];
}

export interface PlannedSale {
  priceCents: number;
  startsAt: string | null;
  endsAt: string | null;
}

export interface PlannedProduct {
  row: number;
  styleCode: string;
  texts: Record<Language, { name: string; description: string; composition: string; care: string }>;
  categoryId: number;
  priceCents: number;
  sale: PlannedSale | null;
  fit: string;
  /** For a product the import creates: published (WooCommerce's and Shopify's say), else a draft. */
  publish: boolean;
  variants: PlannedVariant[];
}

export interface ParsedCatalogue {
  rows: number;
  products: PlannedProduct[];
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

/** What the export wrote to make a formula inert (a leading apostrophe) is taken off again. */
export const cellText = (value: string | undefined) => {
  const text = (value ?? '').trim();
  return /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) ? text.slice(1) : text;
};

export class Reader {
  errors: ImportIssue[] = [];
  warnings: ImportIssue[] = [];

  error(row: number, column: string, message: string) {
    this.errors.push({ row, column, message });
  }
  warn(row: number, column: string, message: string) {
    this.warnings.push({ row, column, message });
  }

  /** A price in either decimal mark (`49.90`, `49,90`, `1 234,50`) as cents; null when empty. */
  money(row: number, column: string, value: string, required: boolean): number | null {
    const text = value.replace(/[\s\u00A0]/g, '');
    if (text === '') {
      if (required) this.error(row, column, 'A price is required.');
      return null;
    }
    const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(text);
    if (!match) {
      this.error(row, column, `"${value}" is not a price (e.g. 49.90).`);
      return null;
    }
    const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
    if (cents <= 0 && required) this.error(row, column, 'A price is above 0.');
    return cents;
  }

  size(row: number, column: string, value: string): Size | null {
    const size = value.toUpperCase();
    if ((SIZES as readonly string[]).includes(size)) return size as Size;
    this.error(row, column, `"${value}" is not a size of this shop (${SIZES.join(', ')}).`);
    return null;
  }

  stock(row: number, column: string, value: string): number | null {
    if (value === '') return null;
    if (!/^\d+$/.test(value)) {
      this.error(row, column, `"${value}" is not a whole number of pieces.`);
      return null;
    }
    return Number(value);
  }

  date(row: number, column: string, value: string): string | null {
    if (value === '') return null;
    const at = new Date(value);
    if (Number.isNaN(at.getTime())) {
      this.error(row, column, `"${value}" is not a date (e.g. 2026-12-01T00:00:00Z).`);
      return null;
    }
    return at.toISOString();
  }

  code(row: number, column: string, value: string, kind: 'style' | 'sku'): string | null {
    if (value === '') return null;
    const parsed = (kind === 'style' ? StyleCodeSchema : SkuSchema).safeParse(value);
    if (!parsed.success) {
      this.error(row, column, parsed.error.issues[0]?.message ?? 'Not a code.');
      return null;
    }
    return parsed.data;
  }

  gtin(row: number, column: string, value: string): string {
    if (value === '' || /^\d{8,14}$/.test(value)) return value;
    this.error(row, column, `"${value}" is not a GTIN (8 to 14 digits).`);
    return '';
  }

  category(row: number, column: string, value: string): number {
    const wanted = value.split(/[,>|]/)[0]?.trim().toLowerCase() ?? '';
    const found = CATEGORY_IDS.find((id) => CATEGORY_SLUGS[id] === wanted || String(id) === wanted);
    if (found !== undefined) return found;
    this.warn(row, column, `The category "${value}" is not one of this shop's: the product goes to the first.`);
    return CATEGORY_IDS[0];
  }
}

/** Both languages' texts: a missing Bulgarian one is copied from English (and the reverse), with a warning. */
export function bothLanguages(
  reader: Reader,
  row: number,
  en: PlannedProduct['texts']['en'],
  bg: PlannedProduct['texts']['bg'],
): PlannedProduct['texts'] {
  if (en.name === '' && bg.name === '') {
    reader.error(row, 'name_en', 'A product needs a name.');
    return { en, bg };
  }
  if (bg.name === '') {
    reader.warn(row, 'name_bg', 'No Bulgarian text: the English one is used.');
    return { en, bg: { ...en } };
  }
  if (en.name === '') {
    reader.warn(row, 'name_en', 'No English text: the Bulgarian one is used.');
    return { en: { ...bg }, bg };
  }
  return { en, bg };
}

/** A single-language text into both languages: the other copied, as a missing one is. */
export function oneLanguage(reader: Reader, row: number, lang: Language, texts: PlannedProduct['texts']['en']) {
  const empty = { name: '', description: '', composition: '', care: '' };
  return lang === 'en' ? bothLanguages(reader, row, texts, empty) : bothLanguages(reader, row, empty, texts);
}
