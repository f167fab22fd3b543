import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
 * Slides through images with previous/next buttons (wrapping around). All slides are rendered
 * and stacked, so switching is a crossfade with no layout shift; only the visible one is exposed
 * to assistive technology. Give it a `key` that changes with the image set to start over at 0.
 */
export function Carousel({ images, width, height, sizes, priority, label }: CarouselProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const count = images.length;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  return (
    <section className={styles.root} aria-roledescription="carousel" aria-label={label}>
      <div className={styles.frame}>
        {images.map((image, i) => (
          <img
            key={image.src}
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
