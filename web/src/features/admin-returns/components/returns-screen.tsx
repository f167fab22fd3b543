import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { carrierNameIn, colorNameIn, type AdminReturn, type Language } from '@shop/contract';
import { formatMoney } from '../../../lib/money';
import { useSettings } from '../../../lib/settings';
import { intlLocale } from '../../../lib/intl-locales';
import { useLanguage } from '../../../lib/use-language';
import { PagedList, useListParams } from '../../../components/paged-list/paged-list';
import { Tabs } from '../../../components/tabs/tabs';
import badge from '../../../components/badge/badge.module.css';
import button from '../../../components/button/button.module.css';
import table from '../../../components/table/table.module.css';
import { useAdminReturns, type ReturnsFilter } from '../api/admin-returns';
import { itemText } from './item-text';
import { ApproveDialog, ReceiveDialog, RejectDialog } from './return-dialogs';
import { ReturnRates } from './return-rates';
import styles from './returns-screen.module.css';

const TABS = ['open', 'closed'] as const satisfies readonly ReturnsFilter[];
const PAGE_SIZE = 20;
const DAY_MS = 86_400_000;

const dateOf = (iso: string, lang: Language) =>
  new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium' }).format(new Date(iso));

/** Days left to a deadline, negative once it passed. */
const daysLeft = (iso: string, now = Date.now()) => Math.ceil((Date.parse(iso) - now) / DAY_MS);

type Acting = { kind: 'approve' | 'reject' | 'receive'; item: AdminReturn } | null;

/**
 * The owner's returns (/admin/returns; YEAR.md section 2, decision 0056): those waiting first, the
 * oldest first, each with its shopper, its items and reasons, what the shopper gets, and by when
 * the money is due; approve, reject with a reason, or receive with each unit's condition (the
 * outcome then runs: a refund, an exchange order, or store credit). Closed ones with their status;
 * below, what returns teach (return-rates.tsx).
 */
export function ReturnsScreen() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { tab, page, go } = useListParams(TABS);
  const { data, error, isValidating } = useAdminReturns(tab, page, PAGE_SIZE);
  const [acting, setActing] = useState<Acting>(null);

  const panel = (
    <PagedList
      items={data?.data}
      total={data?.total}
      error={error}
      busy={isValidating}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={(number) => go({ page: number })}
      columns={[
        { label: t('adminReturns.table.return') },
        { label: t('adminReturns.table.customer') },
        { label: t('adminReturns.table.items') },
        { label: t('adminReturns.table.outcome') },
        { label: t(tab === 'open' ? 'adminReturns.table.due' : 'adminReturns.table.status') },
        { label: t('adminReturns.table.actions'), kind: 'actions' },
      ]}
      labels={{
        error: t('adminReturns.loadError'),
        empty: t(`adminReturns.empty.${tab}`),
        pages: t('adminReturns.pages.label'),
      }}
    >
      {(items) =>
        items.map((item) => (
          <ReturnRow key={item.id} item={item} lang={lang} onAct={(kind) => setActing({ kind, item })} />
        ))
      }
    </PagedList>
  );

  const close = () => setActing(null);
  return (
    <div className={styles.screen}>
      <Tabs
        label={t('adminReturns.tabs.label')}
        tabs={TABS.map((name) => ({
          name,
          label:
            name === 'open' && data?.open
              ? `${t('adminReturns.tabs.open')} (${data.open})`
              : t(`adminReturns.tabs.${name}`),
        }))}
        selected={tab}
        onSelect={(next) => go({ status: next })}
        title={t(`adminReturns.tabs.${tab}`)}
      >
        {panel}
      </Tabs>
      <ReturnRates lang={lang} />
      {acting?.kind === 'approve' && <ApproveDialog item={acting.item} onClose={close} />}
      {acting?.kind === 'reject' && <RejectDialog item={acting.item} onClose={close} />}
      {acting?.kind === 'receive' && <ReceiveDialog item={acting.item} lang={lang} onClose={close} />}
    </div>
  );
}

function ReturnRow({
  item,
  lang,
  onAct,
}: {
  item: AdminReturn;
  lang: Language;
  onAct: (kind: 'approve' | 'reject' | 'receive') => void;
}) {
  const { t } = useTranslation();
  const { data: settings } = useSettings();
  const currency = settings?.currency ?? 'EUR';
  const left = item.refundDueAt ? daysLeft(item.refundDueAt) : null;
  const named = { reference: item.reference };
  const canApprove = item.status === 'requested' || item.status === 'received';
  const canReject = canApprove;
  const canReceive = item.status === 'approved' || item.status === 'in-transit';

  return (
    <tr>
      <td data-label={t('adminReturns.table.return')}>
        <strong className={table.number}>{item.reference}</strong>
        <span className={`${table.muted} ${styles.block}`}>{dateOf(item.createdAt, lang)}</span>
        <Link className={styles.block} to={`/admin/orders/${item.orderId}`}>
          {t('adminReturns.order', { reference: item.orderReference })}
        </Link>
      </td>
      <td data-label={t('adminReturns.table.customer')}>
        {item.customer ? (
          <>
            {item.customer.name}
            <span className={`${table.muted} ${styles.block}`}>{item.customer.email}</span>
          </>
        ) : (
          <span className={table.muted}>{t('adminReturns.noAccount')}</span>
        )}
      </td>
      <td data-label={t('adminReturns.table.items')}>
        <ul className={styles.items}>
          {item.items.map((line) => {
            const asked = item.lines.find((each) => each.orderItemId === line.orderItemId);
            return (
              <li key={line.orderItemId}>
                {itemText(line, lang)}
                <span className={`${table.muted} ${styles.block}`}>
                  {asked && t(`returns.reasons.${asked.reason}`)}
                  {asked?.exchangeFor &&
                    ` → ${t('adminReturns.exchangeFor', {
                      size: asked.exchangeFor.size,
                      color: colorNameIn(
                        { colorName: line.exchangeColorName ?? '', colorNameBg: line.exchangeColorNameBg ?? '' },
                        lang,
                      ),
                    })}`}
                </span>
                {line.resell + line.damaged > 0 && (
                  <span className={`${table.muted} ${styles.block}`}>
                    {t('adminReturns.condition', { resell: line.resell, damaged: line.damaged })}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </td>
      <td data-label={t('adminReturns.table.outcome')}>
        <strong>{t(`returns.outcome.${item.outcome}`)}</strong>
        {item.outcome !== 'exchange' && (
          <span className={styles.block}>{formatMoney(item.refund, lang, currency)}</span>
        )}
        {item.labelCost > 0 && (
          <span className={`${table.muted} ${styles.block}`}>
            {t('adminReturns.labelCost', { amount: formatMoney(item.labelCost, lang, currency) })}
          </span>
        )}
        {item.withdrawal && <span className={`${table.muted} ${styles.block}`}>{t('adminReturns.withdrawal')}</span>}
      </td>
      <td data-label={t(item.refundDueAt ? 'adminReturns.table.due' : 'adminReturns.table.status')}>
        <span className={item.status === 'rejected' ? badge.dashed : badge.solid}>
          {t(`returns.status.${item.status}`)}
        </span>
        {item.refundDueAt && left !== null && (
          <span data-overdue={left < 0 ? '' : undefined} className={`${styles.due} ${styles.block}`}>
            {dateOf(item.refundDueAt, lang)}
            <span className={styles.block}>
              {left < 0 ? t('adminReturns.overdue', { count: -left }) : t('adminReturns.daysLeft', { count: left })}
            </span>
          </span>
        )}
        {item.label && (
          <span className={`${table.muted} ${styles.block}`}>
            {t('adminReturns.tracking', {
              courier: carrierNameIn(item.label.courier, lang),
              number: item.label.trackingNumber,
            })}
          </span>
        )}
        {item.rejectReason && <span className={`${table.muted} ${styles.block}`}>{item.rejectReason}</span>}
        {item.exchangeOrderId && (
          <Link className={styles.block} to={`/admin/orders/${item.exchangeOrderId}`}>
            {t('adminReturns.exchangeOrder')}
          </Link>
        )}
      </td>
      <td>
        <div className={table.actionRow}>
          {canReceive && (
            <button
              type="button"
              className={button.primary}
              aria-label={t('adminReturns.receiveNamed', named)}
              onClick={() => onAct('receive')}
            >
              {t('adminReturns.receive')}
            </button>
          )}
          {canApprove && (
            <button
              type="button"
              className={button.primary}
              aria-label={t('adminReturns.approveNamed', named)}
              onClick={() => onAct('approve')}
            >
              {t('adminReturns.approve')}
            </button>
          )}
          {canReject && (
            <button
              type="button"
              className={button.secondary}
              aria-label={t('adminReturns.rejectNamed', named)}
              onClick={() => onAct('reject')}
            >
              {t('adminReturns.reject')}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
