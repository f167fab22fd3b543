import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../page-heading/page-heading';
import { StateMessage } from '../state-message/state-message';
import button from '../button/button.module.css';
import styles from './shopping-page.module.css';

interface ShoppingPageProps {
  eyebrow: string;
  title: string;
  lead?: string;
  children: ReactNode;
}

/** The frame of the cart, wishlist, checkout and orders pages: the page heading over the content. */
export function ShoppingPage({ eyebrow, title, lead, children }: ShoppingPageProps) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <PageHeading eyebrow={eyebrow} title={title} lead={lead} />
      </header>
      {children}
    </div>
  );
}

/** What a shopping page shows a logged-out visitor: why to log in, and the way there. */
export function LoginPrompt({ title, action }: { title: string; action: string }) {
  return (
    <StateMessage kind="info" title={title}>
      <Link to="/login" className={button.primary}>
        {action}
      </Link>
    </StateMessage>
  );
}
