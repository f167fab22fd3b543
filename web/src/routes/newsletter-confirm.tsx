import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/info-page/info-page';
import { LinkAction } from '../features/newsletter/components/link-action';
import { useDocumentTitle } from '../lib/use-document-title';

/** `/newsletter/confirm?token=`: the double opt-in link's page (one button subscribes). */
export default function NewsletterConfirmRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('newsletter.confirm.title'));
  const token = useSearchParams()[0].get('token');
  return (
    <InfoPage
      eyebrow={t('newsletter.eyebrow')}
      title={t('newsletter.confirm.title')}
      intro={t('newsletter.confirm.intro')}
    >
      <LinkAction action="confirm" token={token} />
    </InfoPage>
  );
}
