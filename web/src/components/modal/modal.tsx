import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './modal.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: ReactNode;
  children: ReactNode;
  /** Omit for a dialog that must be answered (Escape and the backdrop do nothing). */
  onClose?: () => void;
  /** Extra class for the panel. */
  className?: string;
  /**
   * Rendered where it stands in the tree rather than in a portal at the end of <body>: for a
   * dialog that is part of a server-rendered page's first HTML (a portal renders only in the
   * browser). It is on screen with the page, so it does not animate in.
   */
  inPlace?: boolean;
}

/**
 * Makes everything in #root but `dialog` inert (out of the tab order and the accessibility
 * tree) and returns the undo. A dialog in a portal is outside #root, which goes inert whole; in
 * one rendered in place, every sibling on its way up to #root does.
 */
export function inertAround(dialog: HTMLElement | null): () => void {
  const root = document.getElementById('root');
  if (!root || !dialog) return () => undefined;
  const made: Element[] = [];
  const makeInert = (element: Element) => {
    if (element.hasAttribute('inert')) return;
    element.setAttribute('inert', '');
    made.push(element);
  };
  if (!root.contains(dialog)) makeInert(root);
  for (
    let node: Element = dialog;
    node !== root && root.contains(node) && node.parentElement;
    node = node.parentElement
  ) {
    for (const sibling of node.parentElement.children) if (sibling !== node) makeInert(sibling);
  }
  return () => {
    for (const element of made) element.removeAttribute('inert');
  };
}

/**
 * An accessible modal dialog: labelled by its title, focus moved in and trapped, the page behind
 * made inert, focus given back to where it was on close.
 */
export function Modal({ title, children, onClose, className, inPlace = false }: ModalProps) {
  const titleId = useId();
  const backdropRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    // The dialog itself takes focus: screen readers announce its title, and the first Tab
    // reaches its first control.
    panelRef.current?.focus();

    // Everything outside the dialog leaves the tab order and the accessibility tree.
    // (The page behind does not scroll: modal.module.css, from the first paint on.)
    const undoInert = inertAround(backdropRef.current);

    return () => {
      undoInert();
      previouslyFocused?.focus?.();
    };
  }, []);

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const dialog = (
    <div
      ref={backdropRef}
      className={inPlace ? `${styles.backdrop} ${styles.still}` : styles.backdrop}
      onMouseDown={(e) => e.target === e.currentTarget && onClose?.()}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={[styles.panel, className].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
  return inPlace ? dialog : createPortal(dialog, document.body);
}
