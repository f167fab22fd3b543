import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../components/page-heading/page-heading';
import { StateMessage } from '../components/state-message/state-message';
import { ProductGrid, ProductGridSkeleton } from '../features/catalog/components/product-grid';
import { searchTerms, useSearch } from '../features/search/api/search-products';
import { SearchForm } from '../features/search/components/search-form';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLanguage } from '../lib/use-language';
import styles from './search.module.css';

/** `/search?q=`: the products whose name or description has every word, in either language. */
export default function SearchRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [params] = useSearchParams();
  const q = searchTerms(params.get('q'));
  const { data: products, error, isLoading } = useSearch(q, lang);
  useDocumentTitle(q ? t('search.titleFor', { q }) : t('search.title'));

  return (
    <>
      <header className={styles.header}>
        <PageHeading variant="catalog" eyebrow={t('search.eyebrow')} title={t('search.title')} />
        {/* A new search starts the field afresh (its key). */}
        <SearchForm key={q} initial={q} className={styles.form} />
        {q && products && (
          <p className={styles.count} role="status">
            {t('search.count', { count: products.length, q })}
          </p>
        )}
      </header>
      <div className={styles.results}>
        {!q ? (
          <StateMessage kind="empty" title={t('search.prompt')} />
        ) : error && !products ? (
          <StateMessage kind="error" title={t('catalog.loadError')} />
        ) : isLoading || !products ? (
          <ProductGridSkeleton />
        ) : products.length === 0 ? (
          <StateMessage kind="empty" title={t('search.empty', { q })}>
            <p>{t('search.emptyHint')}</p>
          </StateMessage>
        ) : (
          <ProductGrid products={products} lang={lang} aboveFold />
        )}
      </div>
    </>
  );
}
