import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GUARANTEE_NOTICE, GUARANTEE_NOTICE_LINK, guaranteeNoticeLines, type Language } from '@shop/contract';
import { useLanguage } from '../../lib/use-language';
import { BAND, BLUE, GREY, noticeLayout, WIDTH, YELLOW } from './layout';
import styles from './guarantee-notice.module.css';

/** A five-pointed star's points around (cx, cy). */
function star(cx: number, cy: number, r: number): string {
  return Array.from({ length: 10 }, (_, i) => {
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    const radius = i % 2 === 0 ? r : r * 0.4;
    return `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`;
  }).join(' ');
}

const EMBLEM = { x: 72, y: 62, r: 34 };
const STARS = Array.from({ length: 12 }, (_, i) => {
  const angle = (i * Math.PI) / 6;
  return star(EMBLEM.x + EMBLEM.r * Math.sin(angle), EMBLEM.y - EMBLEM.r * Math.cos(angle), 5.2);
});
const FONT = 'Arial, "Liberation Sans", Helvetica, sans-serif';

/**
 * The EU notice on the legal guarantee of conformity (Implementing Regulation (EU) 2025/1960,
 * Annex I), drawn as SVG in the reader's language, with its QR code to the Commission's page and
 * the same address as a link below it (decision 0054). An image to assistive technology: its short
 * alternative text names it, its long description is the whole text.
 */
export function GuaranteeNotice({ lang: asked, className }: { lang?: Language; className?: string | undefined }) {
  const { t } = useTranslation();
  const current = useLanguage();
  const lang = asked ?? current;
  const id = useId();
  const layout = useMemo(() => noticeLayout(lang), [lang]);
  const text = GUARANTEE_NOTICE[lang];
  const link = GUARANTEE_NOTICE_LINK[lang];
  const module = layout.qr.side / (layout.qr.size + 8);

  return (
    <figure className={`${styles.notice} ${className ?? ''}`} lang={lang} data-guarantee-notice="">
      <svg
        viewBox={`0 0 ${WIDTH} ${layout.height}`}
        className={styles.image}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        fontFamily={FONT}
      >
        <title id={`${id}-title`}>{text.alt}</title>
        <desc id={`${id}-desc`}>{guaranteeNoticeLines(lang).join('\n')}</desc>
        <rect width={WIDTH} height={layout.height} fill="#fff" />
        <rect width={WIDTH} height={BAND} fill={BLUE} />
        <path
          d={`M28 -1V114c0 6 3 11 8 13l32 13c3 1 5 1 8 0l32-13c5-2 8-7 8-13V-1Z`}
          fill={BLUE}
          stroke="#fff"
          strokeWidth="2"
        />
        {STARS.map((points) => (
          <polygon key={points} points={points} fill={YELLOW} />
        ))}
        <path
          d="M72 44l-16 6v12c0 9 7 16 16 20 9-4 16-11 16-20V50Z M64 62l6 6 11-12"
          fill="none"
          stroke="#fff"
          strokeWidth="3.2"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
        <text x={136} y={BAND / 2 + 12} fill="#fff" fontSize={34} fontWeight={700} letterSpacing={1}>
          {text.title}
        </text>
        <rect x={20} y={layout.box.y} width={WIDTH - 40} height={layout.box.height} rx={6} fill={GREY} />
        {layout.bullets.map((bullet) => (
          <circle key={`${bullet.x}-${bullet.y}`} cx={bullet.x} cy={bullet.y} r={3} fill={BLUE} />
        ))}
        {layout.steps.map((step) => (
          <g key={step.n}>
            <circle cx={step.x} cy={step.y} r={11} fill="#000" />
            <text x={step.x} y={step.y + 5} fill="#fff" fontSize={14} fontWeight={700} textAnchor="middle">
              {step.n}
            </text>
          </g>
        ))}
        {layout.lines.map((line) => (
          <text
            key={`${line.x}-${line.y}`}
            x={line.x}
            y={line.y}
            fontSize={line.size}
            fontWeight={line.bold ? 700 : 400}
            fill={line.color ?? '#000'}
            textDecoration={line.link ? 'underline' : undefined}
          >
            {line.text}
          </text>
        ))}
        <g className={styles.qr} data-qr="" transform={`translate(${layout.qr.x} ${layout.qr.y})`}>
          <rect width={layout.qr.side} height={layout.qr.side} fill="#fff" />
          <path d={layout.qr.path} transform={`translate(${4 * module} ${4 * module}) scale(${module})`} fill="#000" />
        </g>
        <GaranLabel x={layout.garan.x} y={layout.garan.y} />
      </svg>
      <figcaption className={styles.caption}>
        {t('guaranteeNotice.more')}{' '}
        <a href={link.url} target="_blank" rel="noopener noreferrer">
          {link.label}
        </a>
      </figcaption>
    </figure>
  );
}

/** The GARAN label the notice shows as an example of a commercial guarantee of durability (Annex II's mark, simplified). */
function GaranLabel({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width={126} height={150} rx={8} fill="#fff" stroke={BLUE} strokeWidth={2} />
      <rect width={126} height={40} rx={8} fill={BLUE} />
      <rect y={30} width={126} height={10} fill={BLUE} />
      <text x={63} y={28} fill="#fff" fontSize={20} fontWeight={700} textAnchor="middle" letterSpacing={2}>
        GARAN
      </text>
      <circle cx={40} cy={82} r={22} fill="none" stroke={BLUE} strokeWidth={3} />
      <path
        d="M30 82l7 7 14-15"
        fill="none"
        stroke={BLUE}
        strokeWidth={4}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x={72} y={62} width={38} height={38} rx={4} fill="none" stroke={BLUE} strokeWidth={3} />
      <rect x={72} y={62} width={38} height={10} fill={BLUE} />
      <text x={91} y={93} fill={BLUE} fontSize={15} fontWeight={700} textAnchor="middle">
        XX
      </text>
      <rect x={16} y={118} width={94} height={6} rx={3} fill={GREY} />
      <rect x={16} y={130} width={70} height={6} rx={3} fill={GREY} />
    </g>
  );
}
