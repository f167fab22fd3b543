import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CATEGORY_IDS, type Product } from '@shop/contract';
import { useCategoryFaces } from '../features/catalog/api/get-products';
import { productImages } from '../features/catalog/lib/localize';
import { ArrowDownIcon, ArrowRightIcon } from '../components/icons/icons';
import { LoadingPage } from '../components/loading-page/loading-page';
import { useInitialLoading } from '../components/loading-page/use-initial-loading';
import { PRODUCT_RATIO, productSrcSet } from '../lib/images';
import { scrollBehavior } from '../lib/motion';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLanguage } from '../lib/use-language';
import button from '../components/button/button.module.css';
import styles from './home.module.css';

const MATERIALS_ID = 'materials';
const SWATCHES = ['fleece', 'ripstop', 'rib'] as const;

export default function HomeRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(t('home.title'));
  // The first product of each category: the face of its style card.
  const { faces, isLoading } = useCategoryFaces(lang);
  const showLoading = useInitialLoading(isLoading);
  const heroProducts = CATEGORY_IDS.map((id) => faces.get(id)).filter((p): p is Product => Boolean(p));

  function explore() {
    document.getElementById(MATERIALS_ID)?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  }

  return (
    <>
      {showLoading && <LoadingPage />}

      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>{t('home.hero.eyebrow')}</p>
          <h1 id="hero-title" className={styles.heroTitle}>
            {t('home.hero.titleLine1')} <em>{t('home.hero.titleLine2')}</em>
          </h1>
          <p className={styles.heroLead}>{t('home.hero.lead')}</p>
          <div className={styles.heroActions}>
            <button type="button" className={button.light} onClick={explore}>
              {t('home.hero.explore')}
              <ArrowDownIcon width={16} height={16} />
            </button>
            <Link to="/clothing" className={`${button.secondary} ${styles.heroSecondary}`}>
              {t('home.hero.shop')}
            </Link>
          </div>
        </div>

        <div className={styles.heroArt} aria-hidden="true">
          <span className={styles.watermark}>NOIR</span>
          {[0, 1, 2].map((slot) => {
            const product = heroProducts[slot];
            const src = product ? productImages(product).main : null;
            return (
              <div key={slot} className={styles.heroFrame} data-slot={slot}>
                {src && (
                  <img
                    src={src}
                    srcSet={productSrcSet(src)}
                    sizes={slot === 0 ? '(min-width: 900px) 30vw, 60vw' : '(min-width: 900px) 18vw, 36vw'}
                    width={PRODUCT_RATIO.width}
                    height={PRODUCT_RATIO.height}
                    alt=""
                    fetchPriority={slot === 0 ? 'high' : 'auto'}
                  />
                )}
              </div>
            );
          })}
        </div>
      </section>

      <ul className={styles.values} aria-label={t('home.values.label')}>
        <li>{t('home.values.fabric')}</li>
        <li>{t('home.values.runs')}</li>
        <li>{t('home.values.studio')}</li>
      </ul>

      <section id={MATERIALS_ID} className={styles.materials} aria-labelledby="materials-title">
        <div className={styles.materialsText}>
          <p className={styles.eyebrowDark}>{t('home.materials.eyebrow')}</p>
          <h2 id="materials-title" className={styles.sectionTitle}>
            {t('home.materials.title')}
          </h2>
          <p className={styles.body}>{t('home.materials.text')}</p>
          <Link to="/materials" className={styles.textLink}>
            {t('home.materials.link')} <ArrowRightIcon width={16} height={16} />
          </Link>
        </div>
        <ul className={styles.swatches}>
          {SWATCHES.map((swatch) => (
            <li key={swatch} className={styles.swatch} data-swatch={swatch}>
              <span className={styles.swatchTexture} aria-hidden="true" />
              <span className={styles.swatchName}>{t(`home.materials.swatches.${swatch}.name`)}</span>
              <span className={styles.swatchSpec}>{t(`home.materials.swatches.${swatch}.spec`)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.styles} aria-labelledby="styles-title">
        <div className={styles.stylesHead}>
          <p className={styles.eyebrowDark}>{t('home.styles.eyebrow')}</p>
          <h2 id="styles-title" className={styles.sectionTitle}>
            {t('home.styles.title')}
          </h2>
        </div>
        <ul className={styles.styleCards}>
          {CATEGORY_IDS.map((id, i) => {
            const product = faces.get(id);
            const src = product ? productImages(product).main : null;
            return (
              <li key={id}>
                <Link to="/clothing" state={{ category: id }} className={styles.styleCard}>
                  <div className={styles.styleMedia} data-tone={i}>
                    {src && (
                      <img
                        src={src}
                        srcSet={productSrcSet(src)}
                        sizes="(min-width: 900px) 30vw, 90vw"
                        width={PRODUCT_RATIO.width}
                        height={PRODUCT_RATIO.height}
                        alt=""
                        loading="lazy"
                      />
                    )}
                  </div>
                  <div className={styles.styleText}>
                    <span className={styles.styleIndex} aria-hidden="true">
                      {String(i + 1).padStart(2, '0')}
                    </span>
                    <h3 className={styles.styleName}>{t(`categories.${id}.name`)}</h3>
                    <p className={styles.styleBlurb}>{t(`categories.${id}.blurb`)}</p>
                    <span className={styles.styleCta}>
                      {t('home.styles.shop')} <ArrowRightIcon width={16} height={16} />
                    </span>
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section className={styles.inspiration} aria-labelledby="inspiration-title">
        <div className={styles.inspirationInner}>
          <p className={styles.eyebrow}>{t('home.inspiration.eyebrow')}</p>
          <h2 id="inspiration-title" className={styles.quote}>
            {t('home.inspiration.quote')}
          </h2>
          <p className={styles.inspirationText}>{t('home.inspiration.text')}</p>
          <Link to="/inspiration" className={button.light}>
            {t('home.inspiration.link')}
          </Link>
        </div>
      </section>
    </>
  );
}
