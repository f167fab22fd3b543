import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Language, Recall } from '@shop/contract';
import { InfoPage, type InfoSection } from '../components/info-page/info-page';
import { StateMessage } from '../components/state-message/state-message';
import { isApiError } from '../lib/api-client';
import { formatShopDate } from '../lib/format';
import { parseRecallId, useRecall } from '../lib/recalls';
import { useLanguage } from '../lib/use-language';
import { useDocumentTitle } from '../lib/use-document-title';
import button from '../components/button/button.module.css';
import styles from './recalls.module.css';

type T = ReturnType<typeof useTranslation>['t'];

/** The template's parts after its heading: what is recalled, the hazard, what to do, whom to contact. */
function noticeSections(recall: Recall, lang: Language, t: T): InfoSection[] {
  const product = recall.product;
  const variants = recall.allVariants
    ? t('recall.allVariants')
    : t('recall.variants', { list: recall.variants.map((v) => `${v.colorName[lang]} ${v.size}`).join(', ') });
  const sold =
    recall.soldFrom && recall.soldTo
      ? t('recall.sold', {
          seller: recall.contact.name || t('common.brand'),
          from: formatShopDate(recall.soldFrom, lang),
          to: formatShopDate(recall.soldTo, lang),
        })
      : t('recall.soldHere', { seller: recall.contact.name || t('common.brand') });
  const identity = [
    t('recall.productLine', { name: product.name[lang], brand: product.brand || t('common.brand') }),
    product.styleCode ? t('recall.identifier', { code: product.styleCode }) : '',
    variants,
    sold,
  ].filter(Boolean);
  const contact = [
    recall.contact.name,
    recall.contact.email && t('recall.email', { email: recall.contact.email }),
    recall.contact.phone && t('recall.phone', { phone: recall.contact.phone }),
    recall.contact.address && t('recall.post', { address: recall.contact.address }),
  ].filter(Boolean);
  return [
    { id: 'product', title: t('recall.sections.product'), body: identity.join('\n\n') },
    { id: 'hazard', title: t('recall.sections.hazard'), body: recall.hazard[lang] },
    { id: 'action', title: t('recall.sections.action'), body: `${t('recall.stop')}\n\n${recall.remedy[lang]}` },
    { id: 'contact', title: t('recall.sections.contact'), body: contact.join('\n\n') },
  ];
}

/**
 * One product safety recall notice (Regulation (EU) 2023/988, Art. 36; the template of
 * Implementing Regulation (EU) 2024/1435; decision 0059): the heading, the product with its
 * picture, the hazard, what to do and the remedy, and whom to contact. Server-rendered.
 */
export default function RecallRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const id = parseRecallId(useParams().recallId);
  const { data: recall, error } = useRecall(id);
  const notFound = id === null || (isApiError(error) && error.status === 404);
  useDocumentTitle(recall ? recall.title[lang] : t('recall.heading'));

  if (!recall) {
    return (
      <div className={styles.state}>
        {notFound ? (
          <StateMessage kind="empty" title={t('recall.notFound')} as="h1">
            <Link to="/recalls" className={button.primary}>
              {t('recall.all')}
            </Link>
          </StateMessage>
        ) : error ? (
          <StateMessage kind="error" title={t('errors.pageTitle')} as="h1">
            <p>{t('errors.pageText')}</p>
          </StateMessage>
        ) : (
          <p role="status">{t('terms.loading')}</p>
        )}
      </div>
    );
  }
  return (
    <InfoPage
      eyebrow={t('recall.heading')}
      title={recall.title[lang]}
      intro={t('recall.intro', { date: formatShopDate(recall.publishedAt, lang) })}
      aside={
        recall.product.imageUrl ? (
          <figure className={styles.picture}>
            <img src={recall.product.imageUrl} alt={t('recall.pictureAlt', { name: recall.product.name[lang] })} />
            <figcaption>{recall.product.name[lang]}</figcaption>
          </figure>
        ) : undefined
      }
      sections={noticeSections(recall, lang, t)}
    >
      {recall.closedAt && (
        <p className={styles.closedNote} role="note">
          {t('recall.closed', { date: formatShopDate(recall.closedAt, lang) })}
        </p>
      )}
      <p className={styles.links}>
        <a href={`/api/recalls/${recall.id}/notice.pdf`} target="_blank" rel="noopener">
          {t('recall.print')}
        </a>
        <Link to="/recalls">{t('recall.all')}</Link>
      </p>
    </InfoPage>
  );
}
