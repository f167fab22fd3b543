import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CodesIcon,
  ComplaintsIcon,
  CreateIcon,
  DashboardIcon,
  DocumentsIcon,
  ImportIcon,
  ManageIcon,
  OrdersIcon,
  RecordsIcon,
  ReviewsIcon,
  SettingsIcon,
} from '../../components/icons/admin-icons';
import styles from './admin-nav-icons.module.css';

/**
 * The admins' extra navbar icons, with the spec's labels: "Manage Products" opens the dashboard
 * (sales, user management), "Admin Dashboard" opens the clothing page, where admins delete; then
 * the orders (an order's own page keeps the icon lit), the discount codes, the reviews, the complaints, the catalogue's import and export, the sale records
 * (the monthly audit file) and the shop's settings.
 */
const LINKS = [
  { to: '/admin/dashboard', key: 'admin.nav.manageProducts', Icon: ManageIcon, end: true },
  { to: '/admin/create-a-product', key: 'admin.nav.createProduct', Icon: CreateIcon, end: true },
  { to: '/clothing', key: 'admin.nav.adminDashboard', Icon: DashboardIcon, end: true },
  { to: '/admin/orders', key: 'admin.nav.orders', Icon: OrdersIcon, end: false },
  { to: '/admin/discount-codes', key: 'admin.nav.discountCodes', Icon: CodesIcon, end: true },
  { to: '/admin/reviews', key: 'admin.nav.reviews', Icon: ReviewsIcon, end: true },
  { to: '/admin/complaints', key: 'admin.nav.complaints', Icon: ComplaintsIcon, end: true },
  { to: '/admin/import', key: 'admin.nav.import', Icon: ImportIcon, end: true },
  { to: '/admin/records', key: 'admin.nav.records', Icon: RecordsIcon, end: true },
  { to: '/admin/documents', key: 'invoices.documents.nav', Icon: DocumentsIcon, end: true },
  { to: '/admin/settings', key: 'admin.nav.settings', Icon: SettingsIcon, end: true },
] as const;

export default function AdminNavIcons() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('admin.nav.label')} className={styles.root} data-admin-strip>
      {LINKS.map(({ to, key, Icon, end }) => (
        <NavLink key={to} to={to} end={end} className={styles.link} aria-label={t(key)}>
          <Icon />
          <span className={styles.tip} aria-hidden="true">
            {t(key)}
          </span>
        </NavLink>
      ))}
    </nav>
  );
}
