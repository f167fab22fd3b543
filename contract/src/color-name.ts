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

/** An order line's product names: `name` the English one, `nameBg` the Bulgarian one ('' when none). */
export interface ItemNames {
  name: string;
  nameBg?: string | undefined;
}

/** What to call an order line's product in `lang`: its name in that language, else the English name. */
export const itemNameIn = (item: ItemNames, lang: string): string => (lang === 'bg' && item.nameBg) || item.name;
