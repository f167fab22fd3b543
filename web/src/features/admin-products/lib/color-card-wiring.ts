import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { imageProblem } from './image-file';
import type { FieldErrors } from './product-form';

export type ColorPart = 'name' | 'image' | 'hover';

/** A colour's fields among a product form's messages: `color-{key}-name|image|hover`. */
export const colorField = (key: number, part: ColorPart) => `color-${key}-${part}`;

/** A colour as a product form holds it: new image files, and (editing) the current images' urls. */
export interface ColorDraft {
  colorName: string;
  colorNameBg: string;
  image?: File | null | undefined;
  hover?: File | null | undefined;
  imageUrl?: string | undefined;
  hoverImage?: string | undefined;
}

interface ColorCardWiringOptions {
  errors: FieldErrors;
  clear: (...fields: string[]) => void;
  setFieldError: (field: string, message: string) => void;
  /** Applies a change to the colour with that key. */
  update: (key: number, change: Partial<Pick<ColorDraft, 'colorName' | 'colorNameBg' | 'image' | 'hover'>>) => void;
}

/**
 * The ColorCard props the create form and the editor wire alike: a colour's messages, renaming
 * it, and choosing its images (checked when chosen: a file the shop does not take is refused
 * with its message and the colour keeps what it had).
 */
export function useColorCardWiring({ errors, clear, setFieldError, update }: ColorCardWiringOptions) {
  const { t } = useTranslation();

  // The newest file chosen for each field: a slower check of an earlier one must not win.
  const latest = useRef(new Map<string, File | null>());

  async function chooseImage(key: number, part: 'image' | 'hover', file: File | null) {
    const field = colorField(key, part);
    latest.current.set(field, file);
    const problem = file && (await imageProblem(file));
    if (latest.current.get(field) !== file) return;
    if (problem) {
      setFieldError(field, t(`admin.form.errors.${problem}`));
      return;
    }
    clear(field);
    update(key, { [part]: file });
  }

  return (key: number, color: ColorDraft) => ({
    colorName: color.colorName,
    nameError: errors[colorField(key, 'name')],
    onNameChange: (colorName: string) => {
      update(key, { colorName });
      clear(colorField(key, 'name'));
    },
    colorNameBg: color.colorNameBg,
    onNameBgChange: (colorNameBg: string) => update(key, { colorNameBg }),
    image: {
      file: color.image,
      currentUrl: color.imageUrl,
      error: errors[colorField(key, 'image')],
      onChange: (file: File | null) => void chooseImage(key, 'image', file),
    },
    hover: {
      file: color.hover,
      currentUrl: color.hoverImage,
      error: errors[colorField(key, 'hover')],
      onChange: (file: File | null) => void chooseImage(key, 'hover', file),
    },
  });
}
