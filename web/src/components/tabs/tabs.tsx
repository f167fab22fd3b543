import { useId, useRef, type ReactNode } from 'react';
import styles from './tabs.module.css';

interface TabsProps<Name extends string> {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly { name: Name; label: string }[];
  selected: Name;
  /** The caller keeps the choice (in the URL, so back and reload keep it). */
  onSelect: (name: Name) => void;
  /** The selected panel's heading. */
  title: string;
  /** The selected panel. */
  children: ReactNode;
}

/**
 * Tabs over one panel (the ARIA tabs pattern): arrow keys, Home and End move between tabs and
 * select; Tab goes on to the panel.
 */
export function Tabs<Name extends string>({ label, tabs, selected, onSelect, title, children }: TabsProps<Name>) {
  const id = useId();
  const tabRefs = useRef<Partial<Record<Name, HTMLButtonElement | null>>>({});

  function onKeyDown(event: React.KeyboardEvent) {
    const index = tabs.findIndex((tab) => tab.name === selected);
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: tabs.length - 1 - index };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = tabs[(index + move + tabs.length) % tabs.length]!.name;
    onSelect(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <>
      <div role="tablist" aria-label={label} className={styles.tabs} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.name}
            ref={(element) => {
              tabRefs.current[tab.name] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${tab.name}-tab`}
            aria-selected={selected === tab.name}
            aria-controls={`${id}-${tab.name}-panel`}
            tabIndex={selected === tab.name ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(tab.name)}
          >
            {tab.label}
          </button>
        ))}
      </div>

      <section
        role="tabpanel"
        id={`${id}-${selected}-panel`}
        aria-labelledby={`${id}-${selected}-tab`}
        tabIndex={0}
        className={styles.panel}
      >
        <h2 className={styles.panelTitle}>{title}</h2>
        {children}
      </section>
    </>
  );
}
