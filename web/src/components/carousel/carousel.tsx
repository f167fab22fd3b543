import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '../../lib/idle';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons/icons';
import styles from './carousel.module.css';

export interface CarouselImage {
  src: string;
  srcSet?: string;
  alt: string;
}

interface CarouselProps {
  images: CarouselImage[];
  width: number;
  height: number;
  /** `sizes` for the responsive images. */
  sizes: string;
  /** The first image is the page's largest paint: load it first. */
  priority?: boolean;
  label: string;
}

/**
 * Slides through images with previous/next buttons (wrapping around). The slides are stacked, so
 * switching is a crossfade with no layout shift; only the visible one is exposed to assistive
 * technology. Give it a `key` that changes with the image set to start over at 0.
 *
 * Stacked slides are all "in view", so `loading="lazy"` would not hold them back: the slides after
 * the first join the page only once the first has loaded and the browser is idle, or as soon as
 * the visitor reaches for the carousel. On a phone's connection eight pictures loaded beside the
 * first share its bandwidth and delay the page's largest paint (decision 0048).
 */
export function Carousel({ images, width, height, sizes, priority, label }: CarouselProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [allWanted, setAllWanted] = useState(false);
  const first = useRef<HTMLImageElement>(null);
  const count = images.length;
  const wantAll = () => setAllWanted(true);
  const go = (delta: number) => {
    wantAll();
    setIndex((i) => (i + delta + count) % count);
  };

  useEffect(() => {
    const image = first.current;
    if (allWanted || !image) return;
    let cancel = () => {};
    const loaded = () => {
      cancel = whenIdle(wantAll);
    };
    if (image.complete) {
      loaded();
      return () => cancel();
    }
    image.addEventListener('load', loaded, { once: true });
    image.addEventListener('error', loaded, { once: true });
    return () => {
      image.removeEventListener('load', loaded);
      image.removeEventListener('error', loaded);
      cancel();
    };
  }, [allWanted]);

  return (
    <section
      className={styles.root}
      aria-roledescription="carousel"
      aria-label={label}
      onPointerEnter={wantAll}
      onPointerDown={wantAll}
      onFocus={wantAll}
    >
      <div className={styles.frame}>
        {images.slice(0, allWanted ? count : 1).map((image, i) => (
          <img
            key={image.src}
            ref={i === 0 ? first : undefined}
            className={styles.slide}
            data-active={i === index}
            src={image.src}
            srcSet={image.srcSet}
            sizes={sizes}
            alt={image.alt}
            width={width}
            height={height}
            aria-hidden={i !== index}
            // The first slide is what the shopper sees first; the others may wait.
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={priority && i === 0 ? 'high' : 'auto'}
            decoding="async"
          />
        ))}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.prev}`}
            onClick={() => go(-1)}
            aria-label={t('carousel.previous')}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            onClick={() => go(1)}
            aria-label={t('carousel.next')}
          >
            <ChevronRightIcon />
          </button>
          <p className={styles.counter} aria-live="polite">
            {t('carousel.position', { current: index + 1, total: count })}
          </p>
        </>
      )}
    </section>
  );
}
