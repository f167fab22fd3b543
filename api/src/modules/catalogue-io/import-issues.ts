import { FIT_TYPES, SIZES, type ImportIssue, type ImportIssueCode } from '@shop/contract';

/**
 * Every problem the import names, in English (the answer's `message`); the Import screen words the
 * same `code` with the same `values` in the page's language (locale keys `adminImport.issues.*`).
 */
type Values = Record<string, string | number>;

const ENGLISH: Record<ImportIssueCode, (v: Values) => string> = {
  priceRequired: () => 'A price is required.',
  notPrice: (v) => `"${v.value}" is not a price (e.g. 49.90).`,
  priceNotPositive: () => 'A price is above 0.',
  notSize: (v) => `"${v.value}" is not a size of this shop (${SIZES.join(', ')}).`,
  notStock: (v) => `"${v.value}" is not a whole number of pieces.`,
  notDate: (v) => `"${v.value}" is not a date (e.g. 2026-12-01T00:00:00Z).`,
  badStyleCode: (v) =>
    `"${v.value}" is not a style code: 2 to 32 letters and digits in groups joined by single hyphens, e.g. AN-JKT-014.`,
  badSku: (v) => `"${v.value}" is not a SKU: 2 to 64 letters and digits in groups joined by single hyphens.`,
  notGtin: (v) => `"${v.value}" is not a GTIN (8 to 14 digits).`,
  unknownCategory: (v) => `The category "${v.value}" is not one of this shop's: the product goes to the first.`,
  nameRequired: () => 'A product needs a name.',
  noBulgarian: () => 'No Bulgarian text: the English one is used.',
  noEnglish: () => 'No English text: the Bulgarian one is used.',
  styleCodeRequired: () => 'A style code is required: products match by it.',
  colourRequired: () => 'A colour needs its English name.',
  badFit: () => `The fit is ${FIT_TYPES.join(', ')}.`,
  missingColumn: (v) => `The file has no "${v.column}" column: is it the ${v.format} format?`,
  duplicateSku: (v) => `The SKU ${v.sku} is on row ${v.first} too.`,
  skuOrIdRequired: () => 'A product needs its SKU or ID: products match by it.',
  typeNotImported: (v) => `A "${v.type}" product is not imported.`,
  parentStock: () =>
    "Its stock is its parent product's, not counted by colour and size: this variant's stock is not counted.",
  noParent: (v) => `No product "${v.parent}" above this variation.`,
  variationColour: () => 'A variation needs its colour.',
  handleRequired: () => 'A row needs its product handle.',
  deletedProduct: (v) => `${v.code} belongs to a deleted product.`,
  saleNotLower: () => 'The sale price must be lower than the price.',
  skuTaken: () => 'A SKU of this product belongs to another product.',
  notWritten: () => 'The product could not be written.',
  badZip: (v) => `The images' ZIP could not be read: ${v.reason}`,
  badImage: (v) => `${v.name}: ${v.reason}`,
  imageMissing: (v) => `${v.name} is not in the ZIP (nothing is fetched from the network): left out.`,
};

export const importIssue = (row: number, column: string, code: ImportIssueCode, values: Values = {}): ImportIssue => ({
  row,
  column,
  message: ENGLISH[code](values),
  code,
  values,
});
