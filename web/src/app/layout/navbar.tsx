import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@shop/contract';
import { useSession } from '../../lib/session';
import { useCart } from '../../features/cart/api/get-cart';
import { CartSummary } from '../../features/cart/components/cart-summary';
import { useWishlist } from '../../features/wishlist/api/get-wishlist';
import { Logo } from '../../components/brand/logo';
import { FlagBg, FlagGb } from '../../components/brand/flags';
import { BagIcon, CloseIcon, HeartIcon, MenuIcon, UserIcon } from '../../components/icons/icons';
import { loginPath } from '../../lib/return-to';
import { useLanguage } from '../../lib/use-language';
import { SearchForm } from '../../features/search/components/search-form';
import { SearchToggle } from '../../features/search/components/search-toggle';
import { useHoverPreview } from './use-hover-preview';
import tooltip from './tooltip.module.css';
import styles from './navbar.module.css';

const MENU_LINKS = [
  { to: '/', key: 'nav.home' },
  { to: '/clothing', key: 'nav.clothing' },
  { to: '/sale', key: 'nav.sale' },
  { to: '/gift-cards', key: 'nav.giftCards' },
  { to: '/materials', key: 'nav.materials' },
  { to: '/inspiration', key: 'nav.inspiration' },
  { to: '/terms', key: 'nav.terms' },
] as const;

const FLAGS: Record<Language, () => ReactNode> = { en: FlagGb, bg: FlagBg };

interface NavbarProps {
  /** Slot for the admin icons (spec: admins see three extra icons); filled by the admin feature. */
  adminActions?: ReactNode;
}

export function Navbar({ adminActions }: NavbarProps) {
  const { t, i18n } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  const cart = useCart();
  const wishlist = useWishlist();
  // The cart's preview, but not over the cart page itself.
  const { pathname } = useLocation();
  const preview = useHoverPreview({ disabled: pathname === '/cart' });

  const userName = session.user?.name ?? '';
  const profileLabel = session.isLoggedIn
    ? userName
      ? t('nav.profileOf', { name: userName })
      : t('nav.profile')
    : t('nav.login');

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <div className={styles.start}>
          <MainMenu />
          <span className={styles.searchNarrow}>
            <SearchToggle buttonClassName={styles.icon} />
          </span>
          <div className={styles.langs} role="group" aria-label={t('nav.language')}>
            {LANGUAGES.map((code) => {
              const Flag = FLAGS[code];
              return (
                <button
                  key={code}
                  type="button"
                  className={styles.lang}
                  aria-pressed={lang === code}
                  aria-label={t(`languages.${code}`)}
                  lang={code}
                  onClick={() => void i18n.changeLanguage(code)}
                >
                  <Flag />
                  <span className={styles.langCode} aria-hidden="true">
                    {code.toUpperCase()}
                  </span>
                </button>
              );
            })}
          </div>
          {/* Beside the flags where the bar has room; on phones the menu carries it. */}
          <NavLink to="/sale" className={styles.saleLink}>
            {t('nav.sale')}
          </NavLink>
        </div>

        <Link to="/" className={styles.logo} aria-label={t('nav.homeLogo')}>
          <Logo />
        </Link>

        <div className={styles.end}>
          <span className={styles.searchWide}>
            <SearchToggle buttonClassName={styles.icon} />
          </span>
          {adminActions}
          <Link
            to={session.isLoggedIn ? '/wishlist' : '/login'}
            className={styles.icon}
            aria-label={t('nav.wishlist', { count: wishlist.count })}
          >
            <HeartIcon />
            {wishlist.count > 0 && (
              <span className={styles.badge} aria-hidden="true">
                {wishlist.count}
              </span>
            )}
          </Link>

          <div className={styles.cartWrap} {...preview.areaProps}>
            <Link to="/cart" className={styles.icon} aria-label={t('nav.cart', { count: cart.count })}>
              <BagIcon />
              {cart.count > 0 && (
                <span className={styles.badge} aria-hidden="true">
                  {cart.count > 99 ? '99+' : cart.count}
                </span>
              )}
            </Link>
            <div className={styles.popover} data-open={preview.open}>
              <CartSummary items={cart.items} />
            </div>
          </div>

          <div className={styles.avatarWrap}>
            <Link
              // Back to this page after login: its path only, never its query (a withdrawal link's token).
              to={session.isLoggedIn ? '/profile' : loginPath(pathname)}
              className={styles.avatar}
              aria-label={profileLabel}
            >
              {session.user?.profilePicture ? (
                <img src={session.user.profilePicture} alt="" width={32} height={32} />
              ) : (
                <UserIcon />
              )}
            </Link>
            <span className={`${tooltip.tooltip} ${styles.tooltip}`} aria-hidden="true">
              {session.isLoggedIn ? userName || t('nav.profile') : t('nav.login')}
            </span>
          </div>
        </div>
      </div>
    </header>
  );
}

/** The hamburger: a panel of the main links that closes on Escape, outside click or navigation. */
function MainMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // Any navigation closes the menu.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <nav aria-label={t('nav.main')} className={styles.menu}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.icon}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      <div ref={panelRef} id={panelId} className={styles.panel} data-open={open} hidden={!open}>
        <SearchForm className={styles.menuSearch} onSearch={() => setOpen(false)} />
        <ul className={styles.menuList}>
          {MENU_LINKS.map((link, i) => (
            <li key={link.to}>
              <NavLink to={link.to} end className={styles.menuLink} onClick={() => setOpen(false)}>
                <span className={styles.menuIndex} aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                {t(link.key)}
              </NavLink>
            </li>
          ))}
        </ul>
        <p className={styles.menuNote}>{t('nav.menuNote')}</p>
      </div>
    </nav>
  );
}
