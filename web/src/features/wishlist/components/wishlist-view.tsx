import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { TIMINGS } from '@shop/contract';
import { StateMessage } from '../../../components/state-message/state-message';
import { useLanguage } from '../../../lib/use-language';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';
import { useWishlist } from '../api/get-wishlist';
import { WishlistCard } from './wishlist-card';
import button from '../../../components/button/button.module.css';
import styles from './wishlist-view.module.css';

/** The wishlist page body: a grid of saved pieces, refreshed every 3 s (the spec). */
export function WishlistView() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { items, hasLoaded } = useWishlist({ refreshInterval: TIMINGS.wishlistRefresh });
  const removeFromWishlist = useRemoveFromWishlist();

  async function remove(id: number) {
    const outcome = await removeFromWishlist(id);
    if (!outcome.ok) toast.error(t('wishlist.removeFailed'));
  }

  if (!hasLoaded) {
    return (
      <div className={styles.grid} role="status">
        <span className="visually-hidden">{t('wishlist.loading')}</span>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className={styles.skeleton} aria-hidden="true" />
        ))}
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <StateMessage kind="empty" title={t('wishlist.empty')}>
        <p className={styles.emptyText}>{t('wishlist.emptyText')}</p>
        <Link to="/clothing" className={button.primary}>
          {t('wishlist.browseMore')}
        </Link>
      </StateMessage>
    );
  }

  return (
    <>
      <ul className={styles.grid}>
        {items.map((item) => (
          <WishlistCard key={item.id} item={item} lang={lang} onRemove={() => void remove(item.id)} />
        ))}
      </ul>
      <div className={styles.more}>
        <Link to="/clothing" className={button.secondary}>
          {t('wishlist.browseMore')}
        </Link>
      </div>
    </>
  );
}
