import { useId, type FormEvent, type ReactNode, type Ref } from 'react';
import button from '../../../components/button/button.module.css';
import form from '../../../components/form/form.module.css';
import styles from './editor-panel.module.css';

interface EditorPanelProps {
  title: string;
  hint?: string;
  /** What the panel shows between its hint and its form (the current state, notices). */
  status?: ReactNode;
  formRef?: Ref<HTMLFormElement>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Why the last save was refused, at the top of the form. */
  summary?: string | null;
  /** The save button's label (its "saving…" label while busy). */
  submitLabel: string;
  busy: boolean;
  /** Buttons before the save button (End, Cancel). */
  secondary?: ReactNode;
  /** What follows the form (a history, a dialog). */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A panel of the product editor that saves on its own: its title, hint, form with the refusal's
 * summary, the fields, and the row of its buttons ending in the save button.
 */
export function EditorPanel({
  title,
  hint,
  status,
  formRef,
  onSubmit,
  summary,
  submitLabel,
  busy,
  secondary,
  footer,
  children,
}: EditorPanelProps) {
  const titleId = `${useId()}-title`;
  return (
    <section className={`${form.fieldset} ${styles.panel}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={`${form.legend} ${styles.title}`}>
        {title}
      </h2>
      {hint && <p className={form.hint}>{hint}</p>}
      {status}
      <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        {summary && (
          <p className={form.problem} role="alert">
            {summary}
          </p>
        )}
        {children}
        <div className={`${form.actions} ${styles.actions}`}>
          {secondary}
          <button type="submit" className={button.primary} disabled={busy}>
            {submitLabel}
          </button>
        </div>
      </form>
      {footer}
    </section>
  );
}
