import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CampaignsIcon,
  CodesIcon,
  ComplaintsIcon,
  CreateIcon,
  DashboardIcon,
  DocumentsIcon,
  GiftCardsIcon,
  ImportIcon,
  ManageIcon,
  OrdersIcon,
  RecordsIcon,
  ReturnsIcon,
  ReviewsIcon,
  SettingsIcon,
} from '../../components/icons/admin-icons';
import { useOpenReturnsCount } from '../../features/admin-returns/api/admin-returns';
import tooltip from './tooltip.module.css';
import styles from './admin-nav-icons.module.css';

/**
 * The admins' extra navbar icons, with the spec's labels: "Manage Products" opens the dashboard
 * (sales, user management), "Admin Dashboard" opens the clothing page, where admins delete; then
 * the orders (an order's own page keeps the icon lit), the discount codes, the reviews, the returns (with a badge
 * counting those waiting for the owner), the complaints, the gift cards, the campaigns, the catalogue's import and export, the sale records
 * (the monthly audit file) and the shop's settings.
 */
const LINKS = [
  { to: '/admin/dashboard', key: 'admin.nav.manageProducts', Icon: ManageIcon, end: true },
  { to: '/admin/create-a-product', key: 'admin.nav.createProduct', Icon: CreateIcon, end: true },
  { to: '/clothing', key: 'admin.nav.adminDashboard', Icon: DashboardIcon, end: true },
  { to: '/admin/orders', key: 'admin.nav.orders', Icon: OrdersIcon, end: false },
  { to: '/admin/discount-codes', key: 'admin.nav.discountCodes', Icon: CodesIcon, end: true },
  { to: '/admin/reviews', key: 'admin.nav.reviews', Icon: ReviewsIcon, end: true },
  { to: '/admin/returns', key: 'admin.nav.returns', Icon: ReturnsIcon, end: true },
  { to: '/admin/complaints', key: 'admin.nav.complaints', Icon: ComplaintsIcon, end: true },
  { to: '/admin/gift-cards', key: 'admin.nav.giftCards', Icon: GiftCardsIcon, end: true },
  { to: '/admin/campaigns', key: 'admin.nav.campaigns', Icon: CampaignsIcon, end: true },
  { to: '/admin/import', key: 'admin.nav.import', Icon: ImportIcon, end: true },
  { to: '/admin/records', key: 'admin.nav.records', Icon: RecordsIcon, end: true },
  { to: '/admin/documents', key: 'invoices.documents.nav', Icon: DocumentsIcon, end: true },
  { to: '/admin/settings', key: 'admin.nav.settings', Icon: SettingsIcon, end: true },
] as const;

/**
 * A phone's strip scrolls sideways: on every screen it brings the current icon to its middle (the
 * page's own scroll untouched), and says at which ends more icons wait, for the CSS's fades.
 */
function useCurrentInView() {
  const strip = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    const ends = () => {
      element.dataset.atStart = String(element.scrollLeft <= 1);
      element.dataset.atEnd = String(element.scrollLeft + element.clientWidth >= element.scrollWidth - 1);
    };
    element.addEventListener('scroll', ends, { passive: true });
    const current = element.querySelector<HTMLElement>('[aria-current="page"]');
    const room = element.scrollWidth - element.clientWidth;
    if (current && room > 0) {
      const centred = current.offsetLeft - (element.clientWidth - current.offsetWidth) / 2;
      element.scrollLeft = Math.min(room, Math.max(0, centred));
    }
    ends();
    return () => element.removeEventListener('scroll', ends);
  }, [pathname]);
  return strip;
}

export default function AdminNavIcons() {
  const { t } = useTranslation();
  const openReturns = useOpenReturnsCount();
  const strip = useCurrentInView();
  return (
    <nav ref={strip} aria-label={t('admin.nav.label')} className={styles.root} data-admin-strip>
      {LINKS.map(({ to, key, Icon, end }) => {
        const count = to === '/admin/returns' ? openReturns : 0;
        const label = count > 0 ? t('admin.nav.returnsWaiting', { count }) : t(key);
        return (
          <NavLink key={to} to={to} end={end} className={styles.link} aria-label={label}>
            <Icon />
            <span className={styles.name} aria-hidden="true">
              {label}
            </span>
            {count > 0 && (
              <span className={styles.count} aria-hidden="true">
                {count > 99 ? '99+' : count}
              </span>
            )}
            <span className={`${tooltip.tooltip} ${styles.tip}`} aria-hidden="true">
              {label}
            </span>
          </NavLink>
        );
      })}
    </nav>
  );
}
