import type { AdminReturn, Language } from '@shop/contract';

/** A returned item as the owner reads it: name (colour, size) × quantity, in the admin's language. */
export const itemText = (item: AdminReturn['items'][number], lang: Language) => {
  const name = lang === 'bg' && item.nameBg ? item.nameBg : item.name;
  const color = lang === 'bg' && item.colorNameBg ? item.colorNameBg : item.colorName;
  return `${name} (${color}, ${item.size}) × ${item.quantity}`;
};
