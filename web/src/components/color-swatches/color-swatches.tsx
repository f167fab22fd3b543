import { useTranslation } from 'react-i18next';
import { colorNameIn, type Color } from '@shop/contract';
import { productThumb } from '../../lib/images';
import styles from './color-swatches.module.css';

interface ColorSwatchesProps {
  colors: Color[];
  lang: string;
  /** The colour the card shows (pressed), if it shows one. */
  current: number | null;
  onChoose: (color: Color) => void;
  /** The product's name: the group says whose colours these are. */
  productName: string;
}

/**
 * A card's colours as small round buttons, each named by the colour in the page's language and
 * showing a crop of that colour's picture (the catalogue keeps no colour values, only photos).
 */
export function ColorSwatches({ colors, lang, current, onChoose, productName }: ColorSwatchesProps) {
  const { t } = useTranslation();
  return (
    <ul className={styles.swatches} aria-label={t('catalog.colorsOf', { name: productName })}>
      {colors.map((color) => (
        <li key={color.id}>
          <button
            type="button"
            className={styles.swatch}
            aria-pressed={current === color.id}
            aria-label={colorNameIn(color, lang)}
            title={colorNameIn(color, lang)}
            onClick={() => onChoose(color)}
          >
            {color.imageUrl && (
              <img
                className={styles.crop}
                src={productThumb(color.imageUrl)}
                alt=""
                width={20}
                height={20}
                loading="lazy"
                // After the cards' own pictures: never in the way of the page's largest paint.
                fetchPriority="low"
                decoding="async"
              />
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
