import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, type Seller } from '@shop/contract';
import { useLanguage } from '../../../lib/use-language';
import styles from './model-withdrawal-form.module.css';

const LINES = ['notice', 'dates', 'name', 'address', 'signature', 'date'] as const;

/**
 * The model withdrawal form of Annex I(B) to Directive 2011/83/EU (Annex 6 to the Bulgarian
 * Consumer Protection Act), in its official English and Bulgarian wording, the seller filled in.
 * Both versions live in both locale files (`withdrawal.modelForms.<lang>`): they are the law's
 * texts, not translations, and the page shows both whatever the reader's language, theirs first.
 */
export function ModelWithdrawalForm({ seller }: { seller: Seller }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const sellerLine = [seller.legalName, seller.address, seller.email].filter(Boolean).join(', ');
  const order: Language[] = [lang, ...LANGUAGES.filter((other) => other !== lang)];
  return (
    <div className={styles.forms}>
      {order.map((version) => {
        const key = (part: string) => `withdrawal.modelForms.${version}.${part}`;
        return (
          <section key={version} lang={version} className={styles.form} aria-labelledby={`model-form-${version}`}>
            <h3 id={`model-form-${version}`} className={styles.title}>
              {t(key('title'))}
            </h3>
            <p className={styles.note}>{t(key('note'))}</p>
            <ul className={styles.lines}>
              <li>{t(key('to'), { seller: sellerLine })}</li>
              {LINES.map((line) => (
                <li key={line}>{t(key(line))}</li>
              ))}
            </ul>
            <p className={styles.note}>{t(key('footnote'))}</p>
          </section>
        );
      })}
    </div>
  );
}
