import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../page-heading/page-heading';
import styles from './info-page.module.css';

export interface InfoSection {
  id: string;
  title: string;
  /** Paragraphs; a blank line in a locale string starts a new one. */
  body: string;
}

interface InfoPageProps {
  eyebrow: string;
  title: string;
  intro: string;
  sections?: InfoSection[];
  /** Content after the numbered sections (a contact card, an accordion…). */
  children?: ReactNode;
  /** Content beside the intro on wide screens. */
  aside?: ReactNode;
}

export const paragraphs = (text: string) => text.split(/\n\s*\n/).filter(Boolean);

/** The editorial layout shared by the information pages. */
export function InfoPage({ eyebrow, title, intro, sections = [], children, aside }: InfoPageProps) {
  const { t } = useTranslation();
  return (
    <article className={styles.page}>
      <header className={styles.header}>
        <PageHeading variant="editorial" eyebrow={eyebrow} title={title} lead={intro} className={styles.headerText} />
        {aside ? (
          <div className={styles.aside}>{aside}</div>
        ) : (
          // Decoration only: the page's initial, drawn large in the display face.
          <div className={styles.art} aria-hidden="true">
            <span className={styles.artLetter}>{title.charAt(0)}</span>
            <span className={styles.artCaption}>{t('common.brand')}</span>
          </div>
        )}
      </header>
      {sections.length > 0 && (
        <ol className={styles.sections}>
          {sections.map((section, i) => (
            <li key={section.id} className={styles.section}>
              <span className={styles.number} aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <h2 id={`section-${section.id}`} className={styles.sectionTitle}>
                {section.title}
              </h2>
              <div className={styles.sectionBody}>
                {paragraphs(section.body).map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </div>
            </li>
          ))}
        </ol>
      )}
      {children && <div className={styles.extra}>{children}</div>}
    </article>
  );
}

/** Sections whose texts live in the locale files at `<prefix>.sections.<id>.title|body`. */
export function useInfoSections(prefix: string, ids: readonly string[]): InfoSection[] {
  const { t } = useTranslation();
  return ids.map((id) => ({
    id,
    title: t(`${prefix}.sections.${id}.title`),
    body: t(`${prefix}.sections.${id}.body`),
  }));
}
