import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/icons/icons';
import { ColorNameField } from './color-name-field';
import { ImageField } from './image-field';
import styles from './color-card.module.css';

interface ImageSlot {
  /** A newly chosen file. */
  file: File | null | undefined;
  /** The image the colour has now (editing). */
  currentUrl?: string | undefined;
  error?: string | undefined;
  onChange: (file: File | null) => void;
}

interface ColorCardProps {
  /** 1-based position, for the heading. */
  n: number;
  colorName: string;
  nameError?: string | undefined;
  onNameChange: (value: string) => void;
  /** The Bulgarian name ('' for none: the English one is shown). */
  colorNameBg: string;
  onNameBgChange: (value: string) => void;
  image: ImageSlot;
  hover: ImageSlot;
  /** New colours need both images; existing ones keep theirs unless replaced. */
  imagesRequired?: boolean;
  removeLabel: string;
  /** Undefined when this is the last colour, which must stay. */
  onRemove: (() => void) | undefined;
  disabled?: boolean;
  /** More of the colour below its images (a saved colour's further pictures). */
  children?: ReactNode;
}

/** One colour of a product form: its names, its image and hover image, and a remove button. */
export function ColorCard(props: ColorCardProps) {
  const { n, colorName, nameError, onNameChange, colorNameBg, onNameBgChange, image, hover, imagesRequired } = props;
  const { removeLabel, onRemove, disabled } = props;
  const { t } = useTranslation();

  return (
    <li className={styles.card}>
      <div className={styles.head}>
        <h3 className={styles.title}>{t('admin.form.colorRow', { n })}</h3>
        <button
          type="button"
          className={styles.remove}
          disabled={disabled || !onRemove}
          aria-label={removeLabel}
          title={onRemove ? undefined : t('admin.form.keepOneColor')}
          onClick={onRemove}
        >
          <CloseIcon />
        </button>
      </div>
      <ColorNameField value={colorName} error={nameError} disabled={disabled} onChange={onNameChange} />
      <ColorNameField language="bg" value={colorNameBg} disabled={disabled} onChange={onNameBgChange} />
      <div className={styles.images}>
        <ImageField label={t('admin.form.image')} {...image} disabled={disabled} required={imagesRequired} />
        <ImageField label={t('admin.form.hoverImage')} {...hover} disabled={disabled} required={imagesRequired} />
      </div>
      {props.children}
    </li>
  );
}
