import { useTranslation } from 'react-i18next';
import { InfoPage, useInfoSections } from '../components/info-page/info-page';
import { useDocumentTitle } from '../lib/use-document-title';

const SECTIONS = [
  'availability',
  'orders',
  'payments',
  'returns',
  'shipping',
  'account',
  'privacy',
  'liability',
  'changes',
  'contact',
] as const;

export default function TermsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('terms.title'));
  const sections = useInfoSections('terms', SECTIONS);
  return (
    <InfoPage eyebrow={t('terms.eyebrow')} title={t('terms.title')} intro={t('terms.intro')} sections={sections} />
  );
}
