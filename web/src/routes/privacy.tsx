import { useTranslation } from 'react-i18next';
import { InfoPage, type InfoSection } from '../components/info-page/info-page';
import { StateMessage } from '../components/state-message/state-message';
import { useSettings } from '../lib/settings';
import { useDocumentTitle } from '../lib/use-document-title';

const SECTIONS = ['controller', 'data', 'purposes', 'retention', 'recipients', 'storage', 'rights', 'changes'] as const;

/** The privacy notice (GDPR articles 13 and 14), naming the controller from the shop's settings. */
export default function PrivacyRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('privacy.title'));
  const { data: settings, error } = useSettings();
  const sections: InfoSection[] = settings
    ? SECTIONS.map((id) => ({
        id,
        title: t(`privacy.sections.${id}.title`),
        body: t(`privacy.sections.${id}.body`, { ...settings.seller }),
      }))
    : [];
  return (
    <InfoPage eyebrow={t('privacy.eyebrow')} title={t('privacy.title')} intro={t('privacy.intro')} sections={sections}>
      {!settings &&
        (error ? (
          <StateMessage kind="error" title={t('errors.pageTitle')}>
            <p>{t('errors.pageText')}</p>
          </StateMessage>
        ) : (
          <p role="status">{t('terms.loading')}</p>
        ))}
    </InfoPage>
  );
}
