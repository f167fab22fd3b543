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

/** The built-in courier's name as an order's tracking keeps it (couriers/shipments.ts). */
export const BUILTIN_CARRIER = 'Atelier Noir courier';

/** Carriers' names that have one of their own in another language (the rest, typed by the owner, stay as typed). */
const CARRIER_NAMES: Record<string, Record<string, string>> = {
  [BUILTIN_CARRIER]: { bg: 'Куриер на Atelier Noir' },
};

/** What to call an order's carrier in `lang`: the built-in courier in that language, any other as named. */
export const carrierNameIn = (carrier: string, lang: string): string => CARRIER_NAMES[carrier]?.[lang] ?? carrier;
