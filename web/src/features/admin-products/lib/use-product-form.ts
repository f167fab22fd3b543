import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIZES, type ProductDetailsInput, type Size, type UpdateStock } from '@shop/contract';
import { ensureToken } from '../../../lib/session-guard';
import { useLanguage } from '../../../lib/use-language';
import { useFormProblems } from '../../../lib/use-form-problems';
import { colorField } from './color-card-wiring';
import { overRequestLimit } from './image-file';
import { parseDetails, type DetailField, type DetailsDraft, type FieldErrors } from './product-form';
import { parseStock, stockField, variantKey, type StockDraft } from './stock-form';

interface ProductFormStart {
  draft: DetailsDraft;
  sizes: Iterable<Size>;
  stock: StockDraft;
}

/** A colour as the checks need it: its key in the form (a new row's, or the colour's id) and its English name. */
export interface ColorToCheck {
  key: number;
  colorName: string;
}

export interface ProductFormCheck {
  /** The details as the server takes them, or null when a field is wrong. */
  details: ProductDetailsInput | null;
  /** Field → message, empty when everything is right. */
  found: FieldErrors;
  /** The stock as `PUT /products/{id}/stock` takes it, or null when a count is wrong. */
  stock: UpdateStock | null;
  /** The message above the form: the stock's own when only counts are wrong. */
  summary: string;
}

/**
 * What the create form and the editor share: the texts and price, the sizes ticked (in the shop's
 * order), the stock grid, the form's messages, and the checks with the server's own rules (details,
 * at least one size, each colour named, each count a whole number). Each form adds its colours and
 * how it sends them.
 */
export function useProductForm(start: () => ProductFormStart) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [initial] = useState(start);
  const [draft, setDraft] = useState<DetailsDraft>(initial.draft);
  const [chosenSizes, setChosenSizes] = useState<ReadonlySet<Size>>(() => new Set(initial.sizes));
  const [stock, setStock] = useState<StockDraft>(initial.stock);
  const formRef = useRef<HTMLFormElement>(null);
  const problems = useFormProblems(formRef);
  const { errors, clear } = problems;
  // The stock grid follows the sizes as they are ticked.
  const sizes = SIZES.filter((size) => chosenSizes.has(size));

  function check(colors: readonly ColorToCheck[]): ProductFormCheck {
    const { details, errors: found } = parseDetails(draft, lang, t);
    if (sizes.length === 0) found.sizes = t('admin.form.errors.sizes');
    for (const color of colors) {
      if (!color.colorName.trim()) found[colorField(color.key, 'name')] = t('admin.form.errors.colorName');
    }
    const stockCheck = parseStock(
      stock,
      colors.map((color) => color.key),
      sizes,
    );
    for (const field of stockCheck.invalid) found[field] = t('adminStock.errors.cell');
    const onlyStock = details !== null && Object.keys(found).every((field) => stockCheck.invalid.includes(field));
    return {
      details,
      found,
      stock: stockCheck.body,
      summary: t(onlyStock ? 'adminStock.errors.summary' : 'admin.form.errors.required'),
    };
  }

  /**
   * Whether a checked form may be sent: nothing wrong, its images within one request's limit, and a
   * session to send it with. Otherwise the form (or a toast, for the session) says why.
   */
  function readyToSend(checked: ProductFormCheck, files: (File | null | undefined)[]): boolean {
    if (!checked.details || Object.keys(checked.found).length > 0) {
      problems.show(checked.found, checked.summary);
      return false;
    }
    if (overRequestLimit(files)) {
      problems.show({}, t('admin.form.errors.tooLarge'));
      return false;
    }
    return ensureToken(t);
  }

  return {
    ...problems,
    readyToSend,
    formRef,
    draft,
    sizes,
    stock,
    check,
    onDetailChange: (field: DetailField, value: string) => {
      setDraft((current) => ({ ...current, [field]: value }));
      clear(field);
    },
    sizeProps: {
      chosen: chosenSizes,
      error: errors.sizes,
      onToggle: (size: Size, on: boolean) => {
        setChosenSizes((current) => {
          const next = new Set(current);
          if (on) next.add(size);
          else next.delete(size);
          return next;
        });
        clear('sizes');
      },
    },
    stockProps: {
      draft: stock,
      sizes,
      errors,
      onTrackedChange: (tracked: boolean) => setStock((current) => ({ ...current, tracked })),
      onCountChange: (key: number, size: Size, value: string) => {
        setStock((current) => ({ ...current, onHand: { ...current.onHand, [variantKey(key, size)]: value } }));
        clear(stockField(key, size));
      },
    },
  };
}
