import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StateMessage } from '../../../components/state-message/state-message';
import { Price } from '../../../components/price/price';
import { productThumb } from '../../../lib/images';
import { useCurrency } from '../../../lib/settings';
import { useAdminProducts } from '../api/get-admin-products';
import { EditIcon } from '../../../components/icons/admin-icons';
import DeleteProductButton from './delete-product-button';
import { Field } from '../../../components/field/field';
import { matchesProductSearch } from '../lib/product-search';
import button from '../../../components/button/button.module.css';
import badge from '../../../components/badge/badge.module.css';
import { DataTable, TableLoading } from '../../../components/table/data-table';
import table from '../../../components/table/table.module.css';
import styles from './product-table.module.css';

/** Every product, drafts included (a failed image upload leaves one): open, edit or delete. */
export function ProductTable({ lang }: { lang: string }) {
  const currency = useCurrency();
  const { t } = useTranslation();
  const { data, error } = useAdminProducts(lang);
  const [query, setQuery] = useState('');

  if (error && !data) return <StateMessage kind="error" title={t('admin.products.loadError')} />;
  if (!data) {
    return <TableLoading>{t('admin.products.loading')}</TableLoading>;
  }
  if (data.length === 0) {
    return (
      <StateMessage kind="empty" title={t('admin.products.empty')}>
        <Link to="/admin/create-a-product" className={button.primary}>
          {t('admin.nav.createProduct')}
        </Link>
      </StateMessage>
    );
  }

  const shown = data.filter((product) => matchesProductSearch(product, query));
  return (
    <>
      <Field
        type="search"
        label={t('admin.products.search')}
        hint={t('admin.products.searchHint')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoComplete="off"
      />
      {shown.length === 0 ? (
        <p role="status">{t('admin.products.noMatch', { query: query.trim() })}</p>
      ) : (
        <DataTable
          caption={t('admin.products.caption', { count: shown.length })}
          columns={[
            { label: t('admin.products.product') },
            { label: t('admin.products.category') },
            { label: t('admin.products.price') },
            { label: t('admin.products.status') },
            { label: t('admin.products.actions'), kind: 'actions' },
          ]}
        >
          {shown.map((product) => (
            <tr key={product.id}>
              <th scope="row">
                <Link to={`/product/${product.id}`} className={styles.product}>
                  {product.imageUrl ? (
                    <img src={productThumb(product.imageUrl)} alt="" width={40} height={50} loading="lazy" />
                  ) : (
                    <span className={styles.noImage} aria-hidden="true" />
                  )}
                  <span>{product.name}</span>
                </Link>
              </th>
              <td>{t(`categories.${product.categoryId}.name`)}</td>
              <td className={table.number}>
                <Price price={product.price} sale={product.sale} lang={lang} currency={currency} />
              </td>
              <td>
                <span className={product.published ? badge.solid : badge.dashed}>
                  {product.published ? t('admin.products.published') : t('admin.products.draft')}
                </span>
              </td>
              <td>
                <div className={table.actionRow}>
                  <Link
                    to={`/product/${product.id}`}
                    state={{ edit: true }}
                    className={table.action}
                    aria-label={t('admin.products.editLabel', { name: product.name })}
                  >
                    <EditIcon />
                    <span>{t('admin.products.edit')}</span>
                  </Link>
                  <DeleteProductButton productId={product.id} name={product.name} variant="text" />
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
