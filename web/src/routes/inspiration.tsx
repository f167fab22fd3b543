import { useTranslation } from 'react-i18next';
import { InfoPage, useInfoSections } from '../components/info-page/info-page';
import { useDocumentTitle } from '../lib/use-document-title';

const SECTIONS = ['origin', 'contrast', 'movement', 'community', 'palette'] as const;

export default function InspirationRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('inspiration.title'));
  const sections = useInfoSections('inspiration', SECTIONS);
  return (
    <InfoPage
      eyebrow={t('inspiration.eyebrow')}
      title={t('inspiration.title')}
      intro={t('inspiration.intro')}
      sections={sections}
    />
  );
}
