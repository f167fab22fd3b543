import type { Courier, Language } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { courierOffices, returns } from '../../db/schema.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/templates/layout.js';
import { CARRIER_NAME } from '../couriers/shipments.js';
import type { OrderMailDeps } from '../order-mails/notify.js';
import { addresseeOf, readWithShopper } from '../orders/store.js';
import { labelSigner, MAIL_LINK_TTL_MS } from './label.js';
import { apiPaths } from '../../lib/links.js';

/*
 * The shopper's mail once a return's label is made (docs/decisions/0069): the return's number,
 * the label's link (valid a week) and where to take the parcel, in the order's language.
 */

const TEXTS = {
  en: {
    hello: 'Hello',
    subject: (ref: string) => `The return label for ${ref} is ready`,
    preheader: 'Print the label and send the parcel back.',
    intro: (ref: string) =>
      `The label for your return ${ref} is ready. Print it, stick it on the parcel, and put a note with the number ${ref} inside.`,
    tracking: (courier: string, number: string) => `Courier: ${courier}; tracking number ${number}.`,
    dropOff: {
      builtin: 'Hand the parcel to our courier when they call, or take it to any of our courier’s offices.',
      econt: 'Hand the parcel to the Econt courier, or take it to any Econt office.',
    } satisfies Record<Courier, string>,
    office: (office: string) => `Hand the parcel in at the office you chose: ${office}.`,
    button: 'Download the label (PDF)',
    later: (url: string) => `This link works for 7 days; after that, the label is on your order page: ${url}`,
  },
  bg: {
    hello: 'Здравейте',
    subject: (ref: string) => `Етикетът за връщане ${ref} е готов`,
    preheader: 'Разпечатайте етикета и ни изпратете пратката.',
    intro: (ref: string) =>
      `Етикетът за връщането ви ${ref} е готов. Разпечатайте го, залепете го на пратката и сложете в нея бележка с номера ${ref}.`,
    tracking: (courier: string, number: string) => `Куриер: ${courier}; номер на пратката ${number}.`,
    dropOff: {
      builtin: 'Предайте пратката на нашия куриер, когато ви потърси, или я занесете в който и да е негов офис.',
      econt: 'Предайте пратката на куриер на Еконт или я занесете в който и да е офис на Еконт.',
    } satisfies Record<Courier, string>,
    office: (office: string) => `Предайте пратката в избрания от вас офис: ${office}.`,
    button: 'Изтеглете етикета (PDF)',
    later: (url: string) => `Връзката работи 7 дни; след това етикетът е на страницата на поръчката ви: ${url}`,
  },
} as const;

export interface LabelMailInput {
  locale: Language;
  name: string;
  email: string;
  reference: string;
  courier: Courier;
  trackingNumber: string;
  /** The drop-off office the shopper chose, named in the mail's language, or null (any office). */
  office: string | null;
  /** The label's PDF, a signed link in full. */
  labelUrl: string;
  orderUrl: string;
}

export function returnLabelMail(input: LabelMailInput): Mail {
  const t = TEXTS[input.locale];
  return {
    to: input.email,
    ...renderMail({
      lang: input.locale,
      subject: t.subject(input.reference),
      preheader: t.preheader,
      heading: input.name ? `${t.hello}, ${input.name}` : t.hello,
      intro: [
        t.intro(input.reference),
        t.tracking(CARRIER_NAME[input.courier], input.trackingNumber),
        input.office ? t.office(input.office) : t.dropOff[input.courier],
      ],
      highlight: { kind: 'link', label: t.button, url: input.labelUrl },
      outro: [t.later(input.orderUrl)],
    }),
  };
}

/**
 * Sends the label's mail (an effect: effects.ts) to the order's email in the order's language. A
 * return without a label (none is written then) or an order whose account and email are gone
 * mails no one; a failed send throws, and the outbox tries again.
 */
export async function mailReturnLabel(deps: OrderMailDeps & { db: Db; publicUrl: string }, returnId: number) {
  const [row] = await deps.db
    .select({ reference: returns.reference, orderId: returns.orderId, label: returns.label, office: courierOffices })
    .from(returns)
    .leftJoin(courierOffices, eq(courierOffices.id, returns.dropOffOfficeId))
    .where(eq(returns.id, returnId));
  if (!row?.label) return;
  const found = await readWithShopper(deps.db, row.orderId);
  if (!found) return;
  const { email, name } = addresseeOf(found);
  if (!email) return;
  const { office } = row;
  const bg = found.row.locale === 'bg';
  const sign = await labelSigner(deps.db, true, { ttlMs: MAIL_LINK_TTL_MS });
  await deps.mailer.send(
    returnLabelMail({
      locale: found.row.locale,
      name,
      email,
      reference: row.reference,
      courier: row.label.courier,
      trackingNumber: row.label.trackingNumber,
      office: office && `${bg ? office.name : office.nameEn}, ${bg ? office.address : office.addressEn}`,
      labelUrl: `${deps.publicUrl}${apiPaths.returnLabel(returnId, sign(returnId))}`,
      orderUrl: deps.links.order(row.orderId),
    }),
  );
}
