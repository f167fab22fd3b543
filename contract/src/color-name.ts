/**
 * A colour's names: `colorName` is the English one, `colorNameBg` the Bulgarian one ('' or left
 * out: none yet). Colours, cart lines, order lines and stock rows all carry them.
 */
export interface ColorNames {
  colorName: string;
  colorNameBg?: string | undefined;
}

/** What to call a colour in `lang` (`en`, `bg`): its name in that language, else the English name. */
export const colorNameIn = (color: ColorNames, lang: string): string =>
  (lang === 'bg' && color.colorNameBg) || color.colorName;
