import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/info-page/info-page';
import { ModelWithdrawalForm } from '../features/public-withdrawal/components/model-withdrawal-form';
import { WithdrawalForm } from '../features/public-withdrawal/components/withdrawal-form';
import { useSettings } from '../lib/settings';
import { useDocumentTitle } from '../lib/use-document-title';
import styles from './withdrawal.module.css';

const STEPS = ['form', 'return', 'refund'] as const;

/**
 * The withdrawal function without an account (docs/decisions/0024): what the right is, the
 * form (it works once the page's JavaScript runs; the server renders the rest), and the model
 * withdrawal form with the seller filled in.
 */
export default function WithdrawalRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('withdrawal.title'));
  const { data: settings } = useSettings();
  const intro = settings ? t('withdrawal.intro', { returnDays: settings.returnDays }) : t('withdrawal.introFallback');

  return (
    <InfoPage eyebrow={t('withdrawal.eyebrow')} title={t('withdrawal.title')} intro={intro}>
      <div className={styles.layout}>
        <section className={styles.how} aria-labelledby="withdrawal-how">
          <h2 id="withdrawal-how" className={styles.heading}>
            {t('withdrawal.how.title')}
          </h2>
          <ol className={styles.steps}>
            {STEPS.map((step) => (
              <li key={step}>{t(`withdrawal.how.steps.${step}`)}</li>
            ))}
          </ol>
          <p className={styles.note}>{t('withdrawal.how.sealed')}</p>
          <p className={styles.note}>{t('withdrawal.how.account')}</p>
        </section>
        <section className={styles.card} aria-labelledby="withdrawal-form">
          <h2 id="withdrawal-form" className={styles.heading}>
            {t('withdrawal.form.title')}
          </h2>
          <WithdrawalForm />
        </section>
      </div>
      <section className={styles.model} aria-labelledby="withdrawal-model">
        <h2 id="withdrawal-model" className={styles.heading}>
          {t('withdrawal.model.title')}
        </h2>
        <p className={styles.note}>{t('withdrawal.model.intro')}</p>
        {settings && <ModelWithdrawalForm seller={settings.seller} />}
      </section>
    </InfoPage>
  );
}
