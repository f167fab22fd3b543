import { useTranslation } from 'react-i18next';
import { ShoppingPage } from '../components/shopping-page/shopping-page';
import { BalanceCheck } from '../features/gift-cards/components/balance-check';
import { BuyGiftCard } from '../features/gift-cards/components/buy-gift-card';
import { redirectToPayment } from '../features/checkout/lib/redirect';
import styles from '../features/gift-cards/components/gift-cards.module.css';
import { useDocumentTitle } from '../lib/use-document-title';

/** `/gift-cards`: buy a card for someone (signed in), and check a card's balance (anyone). */
export default function GiftCardsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('giftCards.title'));
  return (
    <ShoppingPage eyebrow={t('giftCards.eyebrow')} title={t('giftCards.title')} lead={t('giftCards.intro')}>
      <div className={styles.layout}>
        <BuyGiftCard goToPayment={redirectToPayment} />
        <BalanceCheck />
      </div>
    </ShoppingPage>
  );
}
