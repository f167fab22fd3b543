import {
  CATEGORY_IDS,
  CATEGORY_SLUGS,
  SIZES,
  SkuSchema,
  StyleCodeSchema,
  type ImportIssue,
  type ImportIssueCode,
  type Language,
  type Size,
} from '@shop/contract';
import { importIssue } from './import-issues.js';

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
  /**
   * A one-language file's other language (WooCommerce, Shopify): its texts are a copy of the file's
   * and its colour names are not the file's, so a product the import creates gets the copy and one
   * it updates keeps its own.
   */
  copied?: Language;
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

  error(row: number, column: string, code: ImportIssueCode, values?: Record<string, string | number>) {
    this.errors.push(importIssue(row, column, code, values));
  }
  warn(row: number, column: string, code: ImportIssueCode, values?: Record<string, string | number>) {
    this.warnings.push(importIssue(row, column, code, values));
  }

  /** A price in either decimal mark (`49.90`, `49,90`, `1 234,50`) as cents; null when empty. */
  money(row: number, column: string, value: string, required: boolean): number | null {
    const text = value.replace(/[\s\u00A0]/g, '');
    if (text === '') {
      if (required) this.error(row, column, 'priceRequired');
      return null;
    }
    const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(text);
    if (!match) {
      this.error(row, column, 'notPrice', { value });
      return null;
    }
    const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
    if (cents <= 0 && required) this.error(row, column, 'priceNotPositive');
    return cents;
  }

  size(row: number, column: string, value: string): Size | null {
    const size = value.toUpperCase();
    if ((SIZES as readonly string[]).includes(size)) return size as Size;
    this.error(row, column, 'notSize', { value });
    return null;
  }

  stock(row: number, column: string, value: string): number | null {
    if (value === '') return null;
    if (!/^\d+$/.test(value)) {
      this.error(row, column, 'notStock', { value });
      return null;
    }
    return Number(value);
  }

  date(row: number, column: string, value: string): string | null {
    if (value === '') return null;
    const at = new Date(value);
    if (Number.isNaN(at.getTime())) {
      this.error(row, column, 'notDate', { value });
      return null;
    }
    return at.toISOString();
  }

  code(row: number, column: string, value: string, kind: 'style' | 'sku'): string | null {
    if (value === '') return null;
    const parsed = (kind === 'style' ? StyleCodeSchema : SkuSchema).safeParse(value);
    if (!parsed.success) {
      this.error(row, column, kind === 'style' ? 'badStyleCode' : 'badSku', { value });
      return null;
    }
    return parsed.data;
  }

  gtin(row: number, column: string, value: string): string {
    if (value === '' || /^\d{8,14}$/.test(value)) return value;
    this.error(row, column, 'notGtin', { value });
    return '';
  }

  category(row: number, column: string, value: string): number {
    const wanted = value.split(/[,>|]/)[0]?.trim().toLowerCase() ?? '';
    const found = CATEGORY_IDS.find((id) => CATEGORY_SLUGS[id] === wanted || String(id) === wanted);
    if (found !== undefined) return found;
    this.warn(row, column, 'unknownCategory', { value });
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
    reader.error(row, 'name_en', 'nameRequired');
    return { en, bg };
  }
  if (bg.name === '') {
    reader.warn(row, 'name_bg', 'noBulgarian');
    return { en, bg: { ...en } };
  }
  if (en.name === '') {
    reader.warn(row, 'name_en', 'noEnglish');
    return { en: { ...bg }, bg };
  }
  return { en, bg };
}

/** A single-language text into both languages: the other copied, as a missing one is. */
export function oneLanguage(reader: Reader, row: number, lang: Language, texts: PlannedProduct['texts']['en']) {
  const empty = { name: '', description: '', composition: '', care: '' };
  return lang === 'en' ? bothLanguages(reader, row, texts, empty) : bothLanguages(reader, row, empty, texts);
}
