import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../components/placeholder-page/placeholder-page';

/** Placeholder: replaced when this feature is built. */
export default function SignupRoute() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('placeholder.titles.signup')} />;
}
