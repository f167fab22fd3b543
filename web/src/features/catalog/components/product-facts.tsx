import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIZE_GUIDE, type Product } from '@shop/contract';
import { Modal } from '../../../components/modal/modal';
import button from '../../../components/button/button.module.css';
import { useSettings } from '../../../lib/settings';
import { useLanguage } from '../../../lib/use-language';
import styles from './product-facts.module.css';

/**
 * What the law asks a product page to say beyond its description (docs/decisions/0024, 0054):
 * composition and care in the reader's language (each left out when the owner has not said), the
 * safety information and warnings in it when set, the manufacturer with a postal and an electronic
 * address (the product's own, else the seller: Regulation (EU) 2023/988, Art. 19), what of returning
 * it differs from the rest (a final sale, a hygiene seal: YEAR.md section 2), and the size guide.
 */
export function ProductFacts({
  product,
}: {
  product: Pick<Product, 'translations'> &
    Partial<Pick<Product, 'safety' | 'manufacturer' | 'finalSale' | 'hygieneSealed'>>;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { data: settings } = useSettings();
  const [guideOpen, setGuideOpen] = useState(false);
  const translation = product.translations?.find((candidate) => candidate.language === lang);
  const composition = translation?.composition?.trim();
  const care = translation?.care?.trim();
  const seller = settings?.seller;
  const maker =
    product.manufacturer ?? (seller ? { name: seller.legalName, address: seller.address, email: seller.email } : null);
  const manufacturer = maker ? [maker.name, maker.address].filter(Boolean).join(', ') : '';
  // A manufacturer outside the Union: its responsible person in the EU too (Art. 19(b), decision 0081).
  const responsible = product.manufacturer?.responsiblePerson ?? null;
  const safety = (lang === 'bg' ? product.safety?.bg : product.safety?.en)?.trim();
  const returning = [
    ...(product.finalSale ? [t('productFacts.finalSale')] : []),
    ...(product.hygieneSealed ? [t('productFacts.hygieneSealed')] : []),
  ];

  return (
    <section className={styles.facts} aria-label={t('productFacts.title')}>
      <dl className={styles.list}>
        {composition && (
          <div>
            <dt>{t('productFacts.composition')}</dt>
            <dd>{composition}</dd>
          </div>
        )}
        {care && (
          <div>
            <dt>{t('productFacts.care')}</dt>
            <dd>{care}</dd>
          </div>
        )}
        {safety && (
          <div>
            <dt>{t('productFacts.safety')}</dt>
            <dd className={styles.safety}>{safety}</dd>
          </div>
        )}
        {returning.length > 0 && (
          <div>
            <dt>{t('productFacts.returning')}</dt>
            {returning.map((text) => (
              <dd key={text}>{text}</dd>
            ))}
          </div>
        )}
        {manufacturer && (
          <div>
            <dt>{t('productFacts.manufacturer')}</dt>
            <dd className={styles.manufacturer}>
              <span>{manufacturer}</span>
              {maker?.email && (
                <a href={`mailto:${maker.email}`} className={styles.email}>
                  {maker.email}
                </a>
              )}
            </dd>
          </div>
        )}
        {responsible && (
          <div>
            <dt>{t('productFacts.responsiblePerson')}</dt>
            <dd className={styles.manufacturer}>
              <span>{[responsible.name, responsible.address].join(', ')}</span>
              <a href={`mailto:${responsible.email}`} className={styles.email}>
                {responsible.email}
              </a>
            </dd>
          </div>
        )}
      </dl>
      <button type="button" className={`${button.secondary} ${styles.guideButton}`} onClick={() => setGuideOpen(true)}>
        {t('productFacts.sizeGuide')}
      </button>
      {guideOpen && <SizeGuideDialog onClose={() => setGuideOpen(false)} />}
    </section>
  );
}

/** The body measurements per size (`SIZE_GUIDE`), in centimetres, as an accessible table. */
export function SizeGuideDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const range = ([from, to]: readonly [number, number]) => t('productFacts.table.range', { from, to });
  return (
    <Modal title={t('productFacts.sizeGuide')} onClose={onClose} className={styles.dialog}>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption>{t('productFacts.table.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('productFacts.table.size')}</th>
              <th scope="col">{t('productFacts.table.chest')}</th>
              <th scope="col">{t('productFacts.table.waist')}</th>
              <th scope="col">{t('productFacts.table.hips')}</th>
            </tr>
          </thead>
          <tbody>
            {SIZE_GUIDE.map((row) => (
              <tr key={row.size}>
                <th scope="row">{row.size}</th>
                <td>{range(row.chest)}</td>
                <td>{range(row.waist)}</td>
                <td>{range(row.hips)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.howTo}>{t('productFacts.howToMeasure')}</p>
      <button type="button" className={button.primary} onClick={onClose}>
        {t('productFacts.close')}
      </button>
    </Modal>
  );
}
