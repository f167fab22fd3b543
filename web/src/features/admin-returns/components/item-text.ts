import { colorNameIn, itemNameIn, type AdminReturn, type Language } from '@shop/contract';

/** A returned item as the owner reads it: name (colour, size) × quantity, in the admin's language. */
export const itemText = (item: AdminReturn['items'][number], lang: Language) => {
  return `${itemNameIn(item, lang)} (${colorNameIn(item, lang)}, ${item.size}) × ${item.quantity}`;
};
