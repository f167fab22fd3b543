import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../components/page-heading/page-heading';
import { StateMessage } from '../components/state-message/state-message';
import { LoadingPage } from '../components/loading-page/loading-page';
import { useInitialLoading } from '../components/loading-page/use-initial-loading';
import { useSaleProducts } from '../features/catalog/api/get-sale-products';
import { ProductGrid, ProductGridSkeleton } from '../features/catalog/components/product-grid';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLanguage } from '../lib/use-language';
import button from '../components/button/button.module.css';
import styles from './sale.module.css';

/** `/sale`: every published piece whose sale is in force (TRADE.md section 4). */
export default function SaleRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(t('sale.title'));
  const { data: products, error, isLoading } = useSaleProducts(lang);
  const showLoading = useInitialLoading(isLoading);

  return (
    <>
      {showLoading && <LoadingPage />}
      <header className={styles.header}>
        <PageHeading variant="catalog" eyebrow={t('sale.eyebrow')} title={t('sale.title')} lead={t('sale.lead')} />
        {products && products.length > 0 && (
          <p className={styles.count}>{t('sale.count', { count: products.length })}</p>
        )}
      </header>
      <div className={styles.results}>
        {error && !products ? (
          <StateMessage kind="error" title={t('catalog.loadError')} />
        ) : !products ? (
          <ProductGridSkeleton />
        ) : products.length === 0 ? (
          <StateMessage kind="empty" title={t('sale.empty')}>
            <p>{t('sale.emptyText')}</p>
            <Link to="/clothing" className={button.primary}>
              {t('sale.toCollection')}
            </Link>
          </StateMessage>
        ) : (
          <ProductGrid products={products} lang={lang} aboveFold />
        )}
      </div>
    </>
  );
}
