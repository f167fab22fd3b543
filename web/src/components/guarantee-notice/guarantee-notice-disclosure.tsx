import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheckIcon } from '../icons/icons';
import styles from './guarantee-notice.module.css';

// The drawing and its texts are a chunk of their own: the product page loads them when opened.
const GuaranteeNotice = lazy(() =>
  import('./guarantee-notice').then((module) => ({ default: module.GuaranteeNotice })),
);

/**
 * The notice behind a clearly named control (the product page, near the price): the button says
 * what it shows and opens it in place, not in a dialog.
 */
export function GuaranteeNoticeDisclosure() {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.disclosure}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={`${id}-notice`}
        onClick={() => setOpen((value) => !value)}
      >
        <ShieldCheckIcon width={18} height={18} />
        <span>{t(open ? 'guaranteeNotice.hide' : 'guaranteeNotice.show')}</span>
      </button>
      <div id={`${id}-notice`} hidden={!open}>
        {open && (
          <Suspense fallback={<p role="status">{t('guaranteeNotice.loading')}</p>}>
            <GuaranteeNotice />
          </Suspense>
        )}
      </div>
    </div>
  );
}
