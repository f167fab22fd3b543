import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { Color } from '@shop/contract';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { Modal } from '../../../components/modal/modal';
import { addColor } from '../api/add-color';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { imageProblem } from '../lib/image-file';
import { ensureToken } from '../../../lib/session-guard';
import { ColorNameField } from './color-name-field';
import { ImageField } from './image-field';
import button from '../../../components/button/button.module.css';
import modal from '../../../components/modal/modal.module.css';
import styles from './add-color-dialog.module.css';

interface AddColorDialogProps {
  productId: number;
  onAdded: (color: Color) => void;
  onClose: () => void;
}

type Field = 'colorName' | 'image' | 'hoverImage';

/** The editor's "add a colour" modal: a trimmed, non-empty name (a Bulgarian one optional) and both images, sent at once. */
export function AddColorDialog({ productId, onAdded, onClose }: AddColorDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [colorName, setColorName] = useState('');
  const [colorNameBg, setColorNameBg] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [hoverImage, setHoverImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  // The newest file chosen for each field: a slower check of an earlier one must not win.
  const latest = useRef<Partial<Record<'image' | 'hoverImage', File | null>>>({});

  async function choose(field: 'image' | 'hoverImage', file: File | null) {
    latest.current[field] = file;
    const problem = file && (await imageProblem(file));
    if (latest.current[field] !== file) return;
    setErrors((current) => ({ ...current, [field]: problem ? t(`admin.form.errors.${problem}`) : undefined }));
    if (!problem) (field === 'image' ? setImage : setHoverImage)(file);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    // The dialog is portalled out of the editor's form, but React still bubbles to it.
    event.stopPropagation();
    if (busy) return;
    const found: Partial<Record<Field, string>> = {};
    if (!colorName.trim()) found.colorName = t('admin.form.errors.colorName');
    if (!image) found.image = t('admin.form.errors.image');
    if (!hoverImage) found.hoverImage = t('admin.form.errors.hoverImage');
    if (!image || !hoverImage || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    if (!ensureToken(t)) return;
    setBusy(true);
    try {
      const { color } = await addColor(productId, { colorName, colorNameBg, image, hoverImage });
      onAdded(color);
    } catch (error) {
      toast.error(t('admin.edit.addColorFailed'));
      const fields = isApiError(error) ? error.fields : {};
      setErrors({
        colorName: fields.colorName ? t('admin.form.errors.colorName') : undefined,
        image: fields.colorImage ?? (fields.colorName ? undefined : errorText(error, ADMIN_FAILED)),
        hoverImage: fields.colorHoverImage,
      });
      setBusy(false);
    }
  }

  return (
    <Modal title={t('admin.edit.addColorTitle')} onClose={busy ? undefined : onClose} className={styles.panel}>
      <form onSubmit={submit} noValidate className={styles.form} aria-busy={busy}>
        <ColorNameField
          value={colorName}
          error={errors.colorName}
          disabled={busy}
          onChange={(value) => {
            setColorName(value);
            setErrors((current) => ({ ...current, colorName: undefined }));
          }}
        />
        <ColorNameField language="bg" value={colorNameBg} disabled={busy} onChange={setColorNameBg} />
        <div className={styles.images}>
          <ImageField
            label={t('admin.form.image')}
            file={image}
            error={errors.image}
            required
            disabled={busy}
            onChange={(file) => void choose('image', file)}
          />
          <ImageField
            label={t('admin.form.hoverImage')}
            file={hoverImage}
            error={errors.hoverImage}
            required
            disabled={busy}
            onChange={(file) => void choose('hoverImage', file)}
          />
        </div>
        <div className={modal.actions}>
          <button type="button" className={button.secondary} onClick={onClose} disabled={busy}>
            {t('admin.confirm.cancel')}
          </button>
          <button type="submit" className={button.primary} disabled={busy}>
            {busy ? t('admin.edit.addingColor') : t('admin.edit.addColorSubmit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
