import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BACK_TO_TOP_THRESHOLD_PX } from '@shop/contract';
import { ArrowUpIcon } from '../icons/icons';
import { scrollBehavior } from '../../lib/motion';
import styles from './back-to-top.module.css';

/** A round arrow that appears once the page is scrolled past the spec's threshold. */
export function BackToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD_PX);
    // A page opened scrolled (a reload) shows it from the first frame: read then, when the
    // browser lays the page out anyway, not in the app's start, where it would force a layout.
    const frame = requestAnimationFrame(update);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
    };
  }, []);

  return (
    <button
      type="button"
      className={styles.button}
      data-visible={visible}
      // Hidden from keyboard and screen readers while invisible.
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
      aria-label={t('common.backToTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: scrollBehavior() })}
    >
      <ArrowUpIcon />
    </button>
  );
}
