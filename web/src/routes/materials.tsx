import { useTranslation } from 'react-i18next';
import { InfoPage, useInfoSections } from '../components/info-page/info-page';
import { useDocumentTitle } from '../lib/use-document-title';

const SECTIONS = ['fleece', 'ripstop', 'rib', 'jersey', 'sourcing', 'care'] as const;

export default function MaterialsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('materials.title'));
  const sections = useInfoSections('materials', SECTIONS);
  return (
    <InfoPage
      eyebrow={t('materials.eyebrow')}
      title={t('materials.title')}
      intro={t('materials.intro')}
      sections={sections}
    />
  );
}
