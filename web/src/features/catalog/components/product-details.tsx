import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { colorNameIn, LOW_STOCK, SIZES, type Color, type Product, type Size } from '@shop/contract';
import { Carousel, type CarouselImage } from '../../../components/carousel/carousel';
import { QuantityStepper } from '../../../components/quantity-stepper/quantity-stepper';
import { CheckIcon, HeartIcon } from '../../../components/icons/icons';
import { PageHeading } from '../../../components/page-heading/page-heading';
import { Price } from '../../../components/price/price';
import { GuaranteeNoticeDisclosure } from '../../../components/guarantee-notice/guarantee-notice-disclosure';
import { RecallAlert } from '../../../components/recall-alert/recall-alert';
import { useCurrency, usePaymentMethods, useReturnDays, useUnitsLimit } from '../../../lib/settings';
import { PRODUCT_RATIO, productSrcSet, productThumb } from '../../../lib/images';
import { localizeProduct } from '../lib/localize';
import button from '../../../components/button/button.module.css';
import styles from './product-details.module.css';
import { ProductFacts } from './product-facts';
import { SizeFit } from './size-fit';

/** What the shopper chose; the cart and wishlist features take it from here. */
export interface ProductSelection {
  productId: number;
  colorId: number;
  /** The colour's image url: the spec's name for the chosen colour. */
  selectedColor: string;
  selectedSize: Size;
  quantity: number;
}

interface ProductDetailsProps {
  product: Product;
  lang: string;
  categoryName: string;
  isLoggedIn: boolean;
  /**
   * Called once the shopper is logged in and has chosen a size and a colour; resolves to whether
   * the line went into the cart, which the page then says beside the button (a toast at the top
   * would cover the product's name), or says nothing when the caller has spoken already.
   */
  onAddToCart: (selection: ProductSelection) => boolean | void | Promise<boolean | void>;
  /**
   * Add to Cart by a visitor who is not logged in, with what they chose (null before a colour and
   * a size): the page says to log in and keeps the add for afterwards. Without it, a toast says to log in.
   */
  onLoginForCart?: ((selection: ProductSelection | null) => void) | undefined;
  /** Called, as Add to Cart is, once the shopper is logged in and has chosen a size and a colour. */
  onToggleWishlist: (selection: ProductSelection) => void | Promise<void>;
  /** Shows the heart filled. */
  wishlisted?: boolean;
  /** What a sold-out colour and size offers instead of Add to Cart ("Notify me when it's back"). */
  soldOutAction?: (variant: { productId: number; colorId: number; size: Size }) => ReactNode;
  /** The colour chosen already (a card's swatch, `?color=`): shown and selected from the first paint (else the first in stock). */
  initialColorId?: number | null | undefined;
  /** The size chosen already (`?size=`, as the product feeds link each colour × size): selected if offered. */
  initialSize?: string | null | undefined;
}

/**
 * What is left of a colour and size: null when the product does not count stock (unlimited).
 * Without a colour, a size counts as sold out only when no colour has it.
 */
export function availableOf(product: Product, colorId: number | null, size: string): number | null {
  if (!product.stockTracked) return null;
  const entries = product.stock.filter(
    (entry) => entry.size === size && (colorId === null || entry.colorId === colorId),
  );
  return colorId === null
    ? entries.reduce((most, entry) => Math.max(most, entry.available), 0)
    : (entries[0]?.available ?? 0);
}

/** The first colour with a size left (any, when the product does not count stock), else the first. */
function firstColorInStock(product: Product): Color | null {
  const inStock = (color: Color) =>
    !product.stockTracked || product.stock.some((entry) => entry.colorId === color.id && entry.available > 0);
  return product.colors.find(inStock) ?? product.colors[0] ?? null;
}

const sizeOrder = (size: string) => SIZES.indexOf(size as Size);

/** The product page's note on paying, per the ways to pay the shop offers (none: no note). */
const PAYMENT_NOTE = {
  cardAndCod: 'product.notePayments',
  card: 'product.notePaymentsCard',
  cod: 'product.notePaymentsCod',
} as const;

export function ProductDetails({
  product,
  lang,
  categoryName,
  isLoggedIn,
  onAddToCart,
  onLoginForCart,
  onToggleWishlist,
  wishlisted = false,
  soldOutAction,
  initialColorId,
  initialSize,
}: ProductDetailsProps) {
  const currency = useCurrency();
  const { t } = useTranslation();
  const colorLabelId = useId();
  const sizeLabelId = useId();
  const { name, description } = localizeProduct(product, lang);
  // The colour the gallery shows is the one chosen (issue 45): the one asked for, else the first
  // that has anything left, so a shopper who sees it is asked for a size only.
  const [color, setColor] = useState<Color | null>(
    () => product.colors.find((c) => c.id === initialColorId) ?? firstColorInStock(product),
  );
  const [size, setSize] = useState<Size | null>(
    () => product.sizes.find((offered) => offered.size === initialSize)?.size ?? null,
  );
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  // The choice last put into the cart: "Added" stands beside the button until the choice changes.
  const [addedChoice, setAddedChoice] = useState<string | null>(null);
  const stockNoteId = useId();

  // docs/decisions/0021: sold-out sizes struck through, "Only N left" at 3 or fewer, the
  // stepper's maximum min(the shop's units limit, available).
  const available = size ? availableOf(product, color?.id ?? null, size) : null;
  const soldOut = color !== null && available === 0;
  const cap = useUnitsLimit();
  const payment = usePaymentMethods();
  const returnDays = useReturnDays();
  const maxQuantity = available === null || available === 0 ? cap : Math.min(cap, available);
  const lowStock = color !== null && available !== null && available > 0 && available <= LOW_STOCK;
  const shownQuantity = Math.min(quantity, maxQuantity);

  const sizes = [...product.sizes].sort((a, b) => sizeOrder(a.size) - sizeOrder(b.size));
  // The chosen colour; a product without colours shows its own image.
  const shown = color;
  // The colour's pictures in the owner's order, then its hover picture (the carousel loads all but the first lazily).
  const images: CarouselImage[] = shown
    ? [...new Set([...(shown.images ?? [shown.imageUrl]), shown.hoverImage])].filter(Boolean).map((src, i) => ({
        src,
        srcSet: productSrcSet(src),
        alt:
          i === 0
            ? t('product.imageAlt', { name, color: colorNameIn(shown, lang) })
            : t('product.imageAltView', { name, color: colorNameIn(shown, lang), n: i + 1 }),
      }))
    : [{ src: product.imageUrl, srcSet: productSrcSet(product.imageUrl), alt: name }];

  const choice = `${color?.id ?? ''}:${size ?? ''}:${shownQuantity}`;
  const added = addedChoice === choice;

  async function addToCart() {
    // The spec's order: logged out first, then the selection.
    if (!isLoggedIn) {
      if (!onLoginForCart) toast.info(t('product.loginForCart'));
      else
        onLoginForCart(
          color && size && !soldOut
            ? {
                productId: product.id,
                colorId: color.id,
                selectedColor: color.imageUrl,
                selectedSize: size,
                quantity: shownQuantity,
              }
            : null,
        );
      return;
    }
    if (!color || !size) {
      toast.warn(t('product.selectSizeColor'));
      return;
    }
    if (soldOut) return;
    setBusy(true);
    try {
      const done = await onAddToCart({
        productId: product.id,
        colorId: color.id,
        selectedColor: color.imageUrl,
        selectedSize: size,
        quantity: shownQuantity,
      });
      setAddedChoice(done === true ? choice : null);
    } finally {
      setBusy(false);
    }
  }

  function toggleWishlist() {
    if (!isLoggedIn) {
      toast.info(t('product.loginForWishlist'));
      return;
    }
    // The wishlist shows the size and colour saved: only ever ones the shopper chose.
    if (!color || !size) {
      toast.warn(t('product.selectForWishlist'));
      return;
    }
    void onToggleWishlist({
      productId: product.id,
      colorId: color.id,
      selectedColor: color.imageUrl,
      selectedSize: size,
      quantity: shownQuantity,
    });
  }

  return (
    <div className={styles.layout}>
      <div className={styles.gallery}>
        <Carousel
          key={shown?.id ?? 'product'}
          images={images}
          width={PRODUCT_RATIO.width}
          height={PRODUCT_RATIO.height}
          sizes="(min-width: 900px) 50vw, 100vw"
          priority
          label={t('product.gallery', { name })}
        />
      </div>

      <div className={styles.info}>
        <PageHeading variant="product" eyebrow={categoryName} title={name} />
        <RecallAlert productId={product.id} />
        <p className={styles.price}>
          <Price price={product.price} sale={product.sale} lang={lang} currency={currency} showEnd explainPrior />
        </p>
        {/* The EU notice on the legal guarantee, near the price (decision 0054). */}
        <GuaranteeNoticeDisclosure />
        <p className={styles.description}>{description}</p>

        {product.colors.length > 0 && (
          <div className={styles.group} role="group" aria-labelledby={colorLabelId}>
            <p id={colorLabelId} className={styles.label}>
              {t('product.color')}
              <span className={styles.chosen}>{color ? colorNameIn(color, lang) : t('product.chooseColor')}</span>
            </p>
            <ul className={styles.colors}>
              {product.colors.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className={styles.color}
                    aria-pressed={color?.id === c.id}
                    onClick={() => setColor(c)}
                  >
                    <img src={productThumb(c.imageUrl)} alt="" width={64} height={80} loading="lazy" />
                    <span>{colorNameIn(c, lang)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}

        {sizes.length > 0 && (
          <div className={styles.group} role="group" aria-labelledby={sizeLabelId}>
            <p id={sizeLabelId} className={styles.label}>
              {t('product.size')}
              <span className={styles.chosen}>{size ?? t('product.chooseSize')}</span>
            </p>
            <ul className={styles.sizes}>
              {sizes.map((s) => {
                // Still selectable when sold out: the shopper may ask to hear when it is back.
                const out = availableOf(product, color?.id ?? null, s.size) === 0;
                return (
                  <li key={s.id}>
                    <button
                      type="button"
                      className={styles.size}
                      data-sold-out={out || undefined}
                      aria-pressed={size === s.size}
                      // Struck through on screen; said in its name to a screen reader ("XS, sold out").
                      aria-label={out ? t('stock.sizeSoldOut', { size: s.size }) : undefined}
                      onClick={() => setSize(s.size)}
                    >
                      {s.size}
                    </button>
                  </li>
                );
              })}
            </ul>
            <p id={stockNoteId} className={styles.stockNote} role="status">
              {color && size && soldOut && t('stock.soldOut')}
              {lowStock && t('stock.onlyLeft', { count: available })}
            </p>
          </div>
        )}

        <QuantityStepper
          value={shownQuantity}
          onChange={setQuantity}
          max={maxQuantity}
          limitNote={
            // The stock note above says "Only N left" already: the stepper does not say it again.
            lowStock && maxQuantity === available
              ? null
              : maxQuantity < cap
                ? t('stock.onlyLeft', { count: maxQuantity })
                : undefined
          }
        />

        <div className={styles.actions}>
          <button
            type="button"
            className={`${button.primary} ${styles.add}`}
            onClick={addToCart}
            disabled={busy || soldOut}
            aria-describedby={soldOut ? stockNoteId : undefined}
          >
            {soldOut ? t('stock.soldOutShort') : t('product.addToCart')}
          </button>
          <button
            type="button"
            className={styles.heart}
            onClick={toggleWishlist}
            aria-label={t('product.wishlist')}
            aria-pressed={wishlisted}
          >
            <HeartIcon filled={wishlisted} />
          </button>
        </div>

        <p className={styles.added} role="status">
          {added && (
            <>
              <CheckIcon width={18} height={18} />
              {t('cart.added')}{' '}
              <Link to="/cart" className={styles.addedLink}>
                {t('cartSummary.viewCart')}
              </Link>
            </>
          )}
        </p>

        {soldOut && color && size && soldOutAction?.({ productId: product.id, colorId: color.id, size })}

        <ul className={styles.notes}>
          <li>{t('product.noteReturns', { returnDays })}</li>
          {payment === 'none' ? null : <li>{t(PAYMENT_NOTE[payment])}</li>}
        </ul>

        <ProductFacts product={product} />
        <SizeFit product={product} />
      </div>
    </div>
  );
}

/** The product page's shape while it loads, so nothing jumps when it arrives. */
export function ProductDetailsSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.layout} role="status">
      <span className="visually-hidden">{t('product.loading')}</span>
      <div className={`${styles.gallery} ${styles.skeletonMedia}`} aria-hidden="true" />
      <div className={styles.info} aria-hidden="true">
        <div className={styles.skeletonLine} data-width="30" />
        <div className={styles.skeletonTitle} />
        <div className={styles.skeletonLine} data-width="20" />
        <div className={styles.skeletonBlock} />
      </div>
    </div>
  );
}
