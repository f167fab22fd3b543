import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/brand/logo';
import { InstagramIcon, TikTokIcon, YouTubeIcon } from '../../components/icons/icons';
import { useSettings } from '../../lib/settings';
import { NewsletterForm } from '../../features/newsletter/components/newsletter-form';
import styles from './footer.module.css';

const HELP_LINKS = [
  { to: '/about-us', key: 'footer.aboutUs' },
  { to: '/contact-us', key: 'footer.contactUs' },
  { to: '/faqs', key: 'footer.faqs' },
  { to: '/my-order', key: 'footer.myOrder' },
] as const;

const SHOP_LINKS = [
  { to: '/clothing', key: 'nav.clothing' },
  { to: '/gift-cards', key: 'nav.giftCards' },
  { to: '/materials', key: 'nav.materials' },
  { to: '/inspiration', key: 'nav.inspiration' },
  { to: '/terms', key: 'nav.terms' },
  { to: '/privacy', key: 'footer.privacy' },
  { to: '/withdrawal', key: 'footer.withdrawal' },
  { to: '/legal-guarantee', key: 'footer.legalGuarantee' },
  { to: '/accessibility', key: 'footer.accessibility' },
] as const;

const SOCIAL = [
  { href: 'https://instagram.com/atelier.noir', label: 'Instagram', Icon: InstagramIcon },
  { href: 'https://www.tiktok.com/@atelier.noir', label: 'TikTok', Icon: TikTokIcon },
  { href: 'https://www.youtube.com/@ateliernoir', label: 'YouTube', Icon: YouTubeIcon },
] as const;

export function Footer() {
  const { t } = useTranslation();
  const { data: settings } = useSettings();
  const seller = settings?.seller;
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Link to="/" className={styles.logo} aria-label={t('nav.homeLogo')}>
            <Logo />
          </Link>
          <p className={styles.tagline}>{t('footer.tagline')}</p>
          <ul className={styles.social} aria-label={t('footer.social')}>
            {SOCIAL.map(({ href, label, Icon }) => (
              <li key={label}>
                <a href={href} className={styles.socialLink} target="_blank" rel="noopener noreferrer">
                  <Icon />
                  <span>{label}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav className={styles.column} aria-labelledby="footer-help">
          <h2 id="footer-help" className={styles.heading}>
            {t('footer.help')}
          </h2>
          <ul className={styles.links}>
            {HELP_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.key)}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav className={styles.column} aria-labelledby="footer-shop">
          <h2 id="footer-shop" className={styles.heading}>
            {t('footer.shop')}
          </h2>
          <ul className={styles.links}>
            {SHOP_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.key)}</Link>
              </li>
            ))}
            {settings?.recalls && (
              // While a product safety recall is open (decision 0059, issue 50).
              <li>
                <Link to="/recalls" className={styles.recalls}>
                  {t('footer.recalls')}
                </Link>
              </li>
            )}
          </ul>
        </nav>
        <NewsletterForm />
      </div>

      <div className={styles.bottom}>
        {seller?.legalName && (
          // The trader's identity (Consumer Protection Act, e-commerce rules), from the shop's settings.
          <address className={styles.seller} aria-label={t('footer.legal')}>
            <span>{seller.legalName}</span>
            {seller.address && <span>{seller.address}</span>}
            <span>{t('footer.companyIds', { companyId: seller.companyId, vatId: seller.vatId })}</span>
            {seller.email && <a href={`mailto:${seller.email}`}>{seller.email}</a>}
          </address>
        )}
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        {settings?.payments.card && <p>{t('footer.payments')}</p>}
      </div>
    </footer>
  );
}
