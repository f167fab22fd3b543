import { useTranslation } from 'react-i18next';
import { InfoPage, useInfoSections } from '../components/info-page/info-page';
import { useDocumentTitle } from '../lib/use-document-title';

const SECTIONS = ['story', 'studio', 'craft', 'community', 'responsibility'] as const;

export default function AboutUsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('about.title'));
  const sections = useInfoSections('about', SECTIONS);
  return (
    <InfoPage eyebrow={t('about.eyebrow')} title={t('about.title')} intro={t('about.intro')} sections={sections} />
  );
}
