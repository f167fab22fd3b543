import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useSWRConfig } from 'swr';
import type { AdminGiftCard, GiftCardLedger, Language } from '@shop/contract';
import button from '../../../components/button/button.module.css';
import { StateMessage } from '../../../components/state-message/state-message';
import { DataTable, TableLoading } from '../../../components/table/data-table';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { formatShopDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useCurrency } from '../../../lib/settings';
import { useLanguage } from '../../../lib/use-language';
import {
  downloadGiftCards,
  giftCardLedger,
  isAdminGiftCardsKey,
  useAdminGiftCards,
  voidGiftCard,
} from '../api/admin-gift-cards';
import { GiveCardForm } from './give-card-form';
import styles from './gift-cards-screen.module.css';
import table from '../../../components/table/table.module.css';

const PAGE_SIZE = 20;

/**
 * The owner's gift cards (/admin/gift-cards): what the shop owes on them (the outstanding
 * balance), the cards (the code masked but its last four, balance, buyer, recipient, send date,
 * status), each card's ledger, a void, a gift from the shop, and the CSV.
 */
export function GiftCardsScreen() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const { data, error, isValidating } = useAdminGiftCards(page);
  // A card's own currency; the outstanding balance (no cards yet, too) in the shop's.
  const shopCurrency = useCurrency();
  const money = (amount: number, currency?: string) => formatMoney(amount, lang, currency ?? shopCurrency);
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  async function download() {
    try {
      await downloadGiftCards(lang);
    } catch (failure) {
      toast.error(errorText(failure, ADMIN_FAILED));
    }
  }

  let panel;
  if (error) panel = <StateMessage kind="error" title={errorText(error, ADMIN_FAILED)} />;
  else if (!data) panel = <TableLoading>{t('adminGiftCards.loading')}</TableLoading>;
  else if (data.data.length === 0) panel = <StateMessage kind="empty" title={t('adminGiftCards.empty')} />;
  else
    panel = (
      <>
        <DataTable
          busy={isValidating}
          columns={[
            { label: t('adminGiftCards.table.code') },
            { label: t('adminGiftCards.table.status') },
            { label: t('adminGiftCards.table.balance'), kind: 'number' },
            { label: t('adminGiftCards.table.buyer') },
            { label: t('adminGiftCards.table.recipient') },
            { label: t('adminGiftCards.table.sendAt') },
            { label: t('adminGiftCards.table.actions'), kind: 'actions' },
          ]}
        >
          {data.data.map((card) => (
            <CardRow key={card.id} card={card} lang={lang} money={money} />
          ))}
        </DataTable>
        {pages > 1 && (
          <nav className={styles.pager} aria-label={t('adminGiftCards.pages')}>
            <button type="button" className={button.secondary} disabled={page <= 1} onClick={() => setPage(page - 1)}>
              ←
            </button>
            <span aria-live="polite">{t('adminGiftCards.pageOf', { page, pages })}</span>
            <button
              type="button"
              className={button.secondary}
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              →
            </button>
          </nav>
        )}
      </>
    );

  return (
    <>
      <div className={styles.head}>
        <p className={styles.outstanding} data-testid="gift-cards-outstanding">
          {t('adminGiftCards.outstanding')} <strong>{data ? money(data.outstanding) : '…'}</strong>
        </p>
        <button type="button" className={button.secondary} onClick={() => void download()}>
          {t('adminGiftCards.export')}
        </button>
      </div>
      <h2 className={styles.sectionTitle}>{t('adminGiftCards.giveTitle')}</h2>
      <GiveCardForm />
      {panel}
    </>
  );
}

interface CardRowProps {
  card: AdminGiftCard;
  lang: Language;
  money: (amount: number, currency?: string) => string;
}

/** One card: its figures, its ledger on demand, and Void (asked twice: it cannot be undone). */
function CardRow({ card, lang, money }: CardRowProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const [ledger, setLedger] = useState<GiftCardLedger | null>(null);
  const [busy, setBusy] = useState(false);

  async function showLedger() {
    try {
      setLedger(ledger ? null : await giftCardLedger(card.id));
    } catch (failure) {
      toast.error(errorText(failure, ADMIN_FAILED));
    }
  }

  async function voidCard() {
    if (
      !window.confirm(t('adminGiftCards.voidConfirm', { code: card.code, amount: money(card.balance, card.currency) }))
    )
      return;
    setBusy(true);
    try {
      await voidGiftCard(card.id);
      toast.success(t('adminGiftCards.voided', { code: card.code }));
      setLedger(null);
      void mutate(isAdminGiftCardsKey);
    } catch (failure) {
      toast.error(errorText(failure, ADMIN_FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <tr>
        <td>
          <code>{card.code}</code>
        </td>
        <td>{t(`adminGiftCards.status.${card.status}`)}</td>
        <td className={table.number}>
          {money(card.balance, card.currency)} / {money(card.amount, card.currency)}
        </td>
        <td>{card.buyer ? `${card.buyer.name} (${card.buyer.email})` : t('adminGiftCards.fromShop')}</td>
        <td>
          {card.recipientName} ({card.recipientEmail})
        </td>
        <td>{card.sendAt ? formatShopDate(card.sendAt, lang) : formatShopDate(card.createdAt, lang)}</td>
        <td>
          <div className={table.actionRow}>
            <button
              type="button"
              className={button.secondary}
              onClick={() => void showLedger()}
              aria-expanded={!!ledger}
            >
              {t('adminGiftCards.ledger')}
            </button>
            {card.status === 'active' && (
              <button type="button" className={button.secondary} onClick={() => void voidCard()} disabled={busy}>
                {t('adminGiftCards.void')}
              </button>
            )}
          </div>
        </td>
      </tr>
      {ledger && (
        // The ledger under its card, across the whole table (the code's column is too narrow for it).
        <tr>
          <td colSpan={7}>
            <ul className={styles.ledger} aria-label={t('adminGiftCards.ledgerOf', { code: card.code })}>
              {ledger.data.map((entry) => (
                <li key={entry.id}>
                  {formatShopDate(entry.createdAt, lang)} · {t(`adminGiftCards.kinds.${entry.kind}`)} ·{' '}
                  {money(entry.amount, card.currency)}
                  {entry.orderId !== null ? ` · #${entry.orderId}` : ''}
                </li>
              ))}
            </ul>
          </td>
        </tr>
      )}
    </>
  );
}
