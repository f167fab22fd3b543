import { useTranslation } from 'react-i18next';
import { InfoPage, type InfoSection } from '../components/info-page/info-page';
import { StateMessage } from '../components/state-message/state-message';
import { useSettings } from '../lib/settings';
import { useDocumentTitle } from '../lib/use-document-title';

const SECTIONS = ['standard', 'how', 'limits', 'feedback', 'authority'] as const;

/**
 * The accessibility statement (European Accessibility Act, Directive (EU) 2019/882, Annex V; YEAR.md
 * section 6, decision 0054): the standard followed, how the shop meets it, its known limits, where to
 * send feedback (the seller's contact from the shop's settings) and the authority to complain to.
 */
export default function AccessibilityRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('accessibility.title'));
  const { data: settings, error } = useSettings();
  const sections: InfoSection[] = settings
    ? SECTIONS.map((id) => ({
        id,
        title: t(`accessibility.sections.${id}.title`),
        body: t(`accessibility.sections.${id}.body`, {
          ...settings.seller,
          phoneLine: settings.seller.phone ? t('accessibility.phoneLine', { phone: settings.seller.phone }) : '',
        }),
      }))
    : [];
  return (
    <InfoPage
      eyebrow={t('accessibility.eyebrow')}
      title={t('accessibility.title')}
      intro={t('accessibility.intro')}
      sections={sections}
    >
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
