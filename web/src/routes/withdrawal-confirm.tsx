import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/info-page/info-page';
import { ConfirmWithdrawal } from '../features/public-withdrawal/components/confirm-withdrawal';
import { useDocumentTitle } from '../lib/use-document-title';

/** `/withdrawal/confirm?token=`: where the link mailed by the public withdrawal form leads. */
export default function WithdrawalConfirmRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('withdrawal.confirm.title'));
  const token = useSearchParams()[0].get('token');
  return (
    <InfoPage
      eyebrow={t('withdrawal.eyebrow')}
      title={t('withdrawal.confirm.title')}
      intro={t('withdrawal.confirm.intro')}
    >
      <ConfirmWithdrawal token={token} />
    </InfoPage>
  );
}
