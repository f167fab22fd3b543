import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BACK_TO_TOP_THRESHOLD_PX } from '@shop/contract';
import { ArrowUpIcon } from '../icons/icons';
import { scrollBehavior } from '../../lib/motion';
import styles from './back-to-top.module.css';

/** A field the phone's keyboard opens for: while one has focus, its own buttons are what matter. */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && target.matches('input:not([type=checkbox],[type=radio]), textarea, select');

/**
 * A round arrow that appears once the page is scrolled past the spec's threshold. It steps aside
 * while the shopper types (it floated over the "Apply" beside the code field on a phone) and while
 * a dialog or the filter sheet holds the page (the page behind is inert then: the CSS hides it).
 */
export function BackToTop() {
  const { t } = useTranslation();
  const [scrolled, setScrolled] = useState(false);
  const [typing, setTyping] = useState(false);
  const visible = scrolled && !typing;

  useEffect(() => {
    const focusIn = (event: FocusEvent) => setTyping(typingIn(event.target));
    const focusOut = () => setTyping(false);
    document.addEventListener('focusin', focusIn);
    document.addEventListener('focusout', focusOut);
    return () => {
      document.removeEventListener('focusin', focusIn);
      document.removeEventListener('focusout', focusOut);
    };
  }, []);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > BACK_TO_TOP_THRESHOLD_PX);
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
