import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginPath } from '../../../lib/return-to';

/** "Please log in to add items to your cart." with a link to log in that comes back to this page. */
export function LoginRequiredToast() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <span>
      <span>{t('cart.loginRequired')}</span> <Link to={loginPath(`${pathname}${search}`)}>{t('cart.loginLink')}</Link>
    </span>
  );
}
