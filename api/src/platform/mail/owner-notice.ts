/**
 * The shop's notices to its owner (the seller's address in the settings: a new order, a withdrawal,
 * the day's low stock). The owner reads the admin in either language, so each notice says it in
 * both; the seller is a Bulgarian company (its ЕИК and VAT ID are checked as Bulgaria's), so
 * Bulgarian comes first (issue 45 item 13).
 */

/** The language the owner's notices are written in first (their `<html lang>`), then the other. */
export const OWNER_LANG = 'bg';

/** One phrase of a notice in both languages, Bulgarian first: `both(en, bg)` → "bg · en". */
export const both = (en: string, bg: string) => `${bg} · ${en}`;

/** The foot of every notice to the owner: who it is for, and where that address is set. */
export const OWNER_FOOTER = `Atelier Noir · ${both(
  "a notice to the shop's owner, sent to the notifications email (or the seller's) in the settings",
  'известие за собственика на магазина, изпратено до имейла за известия (или на продавача) от настройките',
)}`;
