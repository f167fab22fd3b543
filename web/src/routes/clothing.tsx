import { lazy, Suspense, useEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CATEGORY_IDS, CATEGORY_SCROLL_OFFSET_PX, type Product } from '@shop/contract';
import { useSession } from '../lib/session';
import { useProducts } from '../features/catalog/api/get-products';
import { localizeProduct } from '../features/catalog/lib/localize';
import { applyFilters, colorChoices, readFilters, rebaseFilters, writeFilters } from '../features/catalog/lib/filters';
import { CatalogFiltersBar } from '../features/catalog/components/catalog-filters';
import { ProductGrid, ProductGridSkeleton } from '../features/catalog/components/product-grid';
import { PageHeading } from '../components/page-heading/page-heading';
import { StateMessage } from '../components/state-message/state-message';
import { LoadingPage } from '../components/loading-page/loading-page';
import { useInitialLoading } from '../components/loading-page/use-initial-loading';
import { scrollBehavior } from '../lib/motion';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLanguage } from '../lib/use-language';
import { useSearchParamsNow } from '../lib/use-search-params-now';
import styles from './clothing.module.css';

const sectionId = (categoryId: number) => `category-${categoryId}`;

/**
 * The element's distance from the top of the document, from layout offsets: unlike
 * getBoundingClientRect it ignores the page-in animation's transform, which is still running
 * when the products arrive.
 */
function documentTop(element: HTMLElement): number {
  let top = 0;
  for (let node: HTMLElement | null = element; node; node = node.offsetParent as HTMLElement | null) {
    top += node.offsetTop;
  }
  return top;
}

// Admin code is its own chunk: only admins ever download it.
const DeleteProductButton = lazy(() => import('../features/admin-products/components/delete-product-button'));

/** The category a style card sent us to (navigation state), if it is a real one. */
function requestedCategory(state: unknown): number | null {
  const category = (state as { category?: unknown } | null)?.category;
  return typeof category === 'number' && (CATEGORY_IDS as readonly number[]).includes(category) ? category : null;
}

export default function ClothingRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(t('clothing.title'));
  const location = useLocation();
  const navigationType = useNavigationType();
  const { data: catalogue, error, isLoading } = useProducts(lang);
  const [params, changeParams] = useSearchParamsNow();
  const filters = readFilters(params);
  const products = catalogue && applyFilters(catalogue, filters, lang);
  const { isAdmin } = useSession();
  const showLoading = useInitialLoading(isLoading);
  const target = requestedCategory(location.state);
  const ready = Boolean(products);

  // Scroll to the requested section once the grids have their real height. A back navigation
  // restores the visitor's own position instead (ScrollManager).
  useEffect(() => {
    if (!ready || target === null || navigationType === NavigationType.Pop) return;
    const section = document.getElementById(sectionId(target));
    if (!section) return;
    window.scrollTo({ top: documentTop(section) - CATEGORY_SCROLL_OFFSET_PX, behavior: scrollBehavior() });
  }, [ready, target, navigationType, location.key]);

  const byCategory = (id: number): Product[] => (products ?? []).filter((p) => p.categoryId === id);

  return (
    <>
      {showLoading && <LoadingPage />}
      <header className={styles.header}>
        <PageHeading
          variant="catalog"
          eyebrow={t('clothing.eyebrow')}
          title={t('clothing.title')}
          lead={t('clothing.lead')}
        />
        <CatalogFiltersBar
          filters={filters}
          colors={colorChoices(catalogue ?? [], lang)}
          count={products ? products.length : null}
          onChange={(next) =>
            changeParams((now) => writeFilters(now, rebaseFilters(readFilters(now), filters, next)), {
              preventScrollReset: true,
            })
          }
        />
        <nav aria-label={t('clothing.jumpTo')} className={styles.jump}>
          {CATEGORY_IDS.map((id) => (
            <a key={id} href={`#${sectionId(id)}`} className={styles.jumpLink}>
              {t(`categories.${id}.name`)}
            </a>
          ))}
        </nav>
      </header>

      <div className={styles.sections}>
        {error && !products ? (
          <StateMessage kind="error" title={t('catalog.loadError')} />
        ) : (
          CATEGORY_IDS.map((id, index) => {
            const items = byCategory(id);
            return (
              <section
                key={id}
                id={sectionId(id)}
                className={styles.section}
                aria-labelledby={`${sectionId(id)}-title`}
              >
                <div className={styles.sectionHead}>
                  <h2 id={`${sectionId(id)}-title`} className={styles.sectionTitle}>
                    {t(`categories.${id}.name`)}
                  </h2>
                  <p className={styles.sectionBlurb}>{t(`categories.${id}.blurb`)}</p>
                  {products && <p className={styles.count}>{t('clothing.count', { count: items.length })}</p>}
                </div>
                {!products ? (
                  <ProductGridSkeleton />
                ) : items.length === 0 ? (
                  <StateMessage
                    kind="empty"
                    title={
                      catalogue?.some((product) => product.categoryId === id)
                        ? t('search.filters.none')
                        : t('clothing.empty')
                    }
                  />
                ) : (
                  <ProductGrid
                    products={items}
                    lang={lang}
                    aboveFold={index === 0}
                    cardAction={
                      isAdmin
                        ? (product) => (
                            <Suspense fallback={null}>
                              <DeleteProductButton productId={product.id} name={localizeProduct(product, lang).name} />
                            </Suspense>
                          )
                        : undefined
                    }
                  />
                )}
              </section>
            );
          })
        )}
      </div>
    </>
  );
}
