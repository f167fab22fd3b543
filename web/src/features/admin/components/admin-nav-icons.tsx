import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CreateIcon, DashboardIcon, ManageIcon } from './admin-icons';
import styles from './admin-nav-icons.module.css';

/**
 * The admins' three extra navbar icons, with the spec's labels: "Manage Products" opens the
 * dashboard (user management), "Admin Dashboard" opens the clothing page, where admins delete.
 */
const LINKS = [
  { to: '/admin/dashboard', key: 'admin.nav.manageProducts', Icon: ManageIcon },
  { to: '/admin/create-a-product', key: 'admin.nav.createProduct', Icon: CreateIcon },
  { to: '/clothing', key: 'admin.nav.adminDashboard', Icon: DashboardIcon },
] as const;

export default function AdminNavIcons() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('admin.nav.label')} className={styles.root} data-admin-strip>
      {LINKS.map(({ to, key, Icon }) => (
        <NavLink key={to} to={to} end className={styles.link} aria-label={t(key)} data-tip={t(key)}>
          <Icon />
        </NavLink>
      ))}
    </nav>
  );
}
