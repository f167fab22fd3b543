import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/info-page/info-page';
import { LinkAction } from '../features/newsletter/components/link-action';
import { useDocumentTitle } from '../lib/use-document-title';

/** `/unsubscribe?token=`: every marketing mail's visible link; one click leaves the list. */
export default function UnsubscribeRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('newsletter.unsubscribe.title'));
  const token = useSearchParams()[0].get('token');
  return (
    <InfoPage
      eyebrow={t('newsletter.eyebrow')}
      title={t('newsletter.unsubscribe.title')}
      intro={t('newsletter.unsubscribe.intro')}
    >
      <LinkAction action="unsubscribe" token={token} />
    </InfoPage>
  );
}
