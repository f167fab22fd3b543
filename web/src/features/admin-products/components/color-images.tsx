import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { MAX_COLOR_IMAGES, type Color } from '@shop/contract';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../../components/icons/icons';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { productThumb } from '../../../lib/images';
import { addColorImage, setColorImages } from '../api/color-images';
import { revalidateCatalog } from '../api/revalidate-catalog';
import { IMAGE_ACCEPT, imageProblem } from '../lib/image-file';
import form from '../../../components/form/form.module.css';
import field from './image-field.module.css';
import styles from './color-images.module.css';

const IMAGES_FAILED = {
  ...ADMIN_FAILED,
  codes: { ...ADMIN_FAILED.codes, TOO_MANY_IMAGES: 'admin.colorImages.tooMany' },
};

/** The colour's pictures as they are saved: its own image first, then the others. */
export const imagesOf = (color: Color): string[] => color.images ?? (color.imageUrl ? [color.imageUrl] : []);

interface ColorImagesProps {
  productId: number;
  color: Color;
  /** The colour as the server has it after a change (its images, its image). */
  onChange: (color: Color) => void;
  disabled?: boolean;
}

/**
 * A saved colour's pictures, in the carousel's order: add one, remove one, move one left or right.
 * Each change is saved at once (the form's Save is for the rest); the first is the colour's image.
 */
export function ColorImages({ productId, color, onChange, disabled }: ColorImagesProps) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const errorText = useErrorText();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const images = imagesOf(color);
  const off = disabled || busy;

  async function save(change: () => Promise<{ color: Color }>, done: string) {
    setBusy(true);
    setError(null);
    setSaid('');
    try {
      const { color: saved } = await change();
      onChange(saved);
      setSaid(done);
      void revalidateCatalog(mutate);
    } catch (failure) {
      setError(errorText(failure, IMAGES_FAILED));
    } finally {
      setBusy(false);
    }
  }

  function move(from: number, to: number) {
    const next = [...images];
    const [url] = next.splice(from, 1);
    next.splice(to, 0, url!);
    void save(() => setColorImages(productId, color.id, next), t('admin.colorImages.moved', { n: to + 1 }));
  }

  /** Several files chosen at once are checked first, then added one after another, in their order. */
  async function add(files: File[]) {
    if (files.length === 0) return;
    if (files.length > MAX_COLOR_IMAGES - images.length) {
      setError(t('admin.colorImages.notRoom', { count: MAX_COLOR_IMAGES - images.length }));
      return;
    }
    for (const file of files) {
      const problem = await imageProblem(file);
      if (problem) {
        setError(`${file.name}: ${t(`admin.form.errors.${problem}`)}`);
        return;
      }
    }
    await save(
      async () => {
        let saved: { color: Color } | undefined;
        for (const file of files) {
          saved = await addColorImage(productId, color.id, file);
          onChange(saved.color);
        }
        return saved!;
      },
      t('admin.colorImages.added', { count: files.length }),
    );
  }

  return (
    <div className={styles.root} role="group" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <p className={form.label} id={`${id}-title`}>
        {t('admin.colorImages.title', { count: images.length, max: MAX_COLOR_IMAGES })}
      </p>
      <p className={form.hint}>{t('admin.colorImages.hint')}</p>
      {images.length > 0 && (
        <ol className={styles.strip}>
          {images.map((url, i) => {
            const n = i + 1;
            return (
              <li key={url} className={styles.item}>
                <img
                  src={productThumb(url)}
                  alt={t('admin.colorImages.image', { n })}
                  width={64}
                  height={80}
                  className={styles.thumb}
                />
                {i === 0 && <span className={styles.first}>{t('admin.colorImages.first')}</span>}
                <div className={styles.controls}>
                  <button
                    type="button"
                    className={styles.control}
                    aria-label={t('admin.colorImages.moveLeft', { n })}
                    disabled={off || i === 0}
                    onClick={() => move(i, i - 1)}
                  >
                    <ChevronLeftIcon />
                  </button>
                  <button
                    type="button"
                    className={styles.control}
                    aria-label={t('admin.colorImages.moveRight', { n })}
                    disabled={off || i === images.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    <ChevronRightIcon />
                  </button>
                  <button
                    type="button"
                    className={styles.control}
                    aria-label={t('admin.colorImages.remove', { n })}
                    // The colour keeps one: its image.
                    disabled={off || images.length === 1}
                    onClick={() =>
                      void save(
                        () =>
                          setColorImages(
                            productId,
                            color.id,
                            images.filter((other) => other !== url),
                          ),
                        t('admin.colorImages.removed', { n }),
                      )
                    }
                  >
                    <CloseIcon />
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {images.length < MAX_COLOR_IMAGES ? (
        <div>
          <input
            id={`${id}-add`}
            type="file"
            multiple
            accept={IMAGE_ACCEPT}
            className={field.input}
            disabled={off}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              void add([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
          <label htmlFor={`${id}-add`} className={field.pick} data-disabled={off || undefined}>
            {t('admin.colorImages.add')}
          </label>
        </div>
      ) : (
        <p className={form.hint}>{t('admin.colorImages.full', { max: MAX_COLOR_IMAGES })}</p>
      )}
      {error && (
        <p id={`${id}-error`} className={form.error} role="alert">
          {error}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </div>
  );
}
