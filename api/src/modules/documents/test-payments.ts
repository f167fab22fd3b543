import type { TestPaymentPolicy } from '@shop/contract';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { isTestPayment } from '../orders/test-payment.js';
import type { OrderRow } from '../orders/store.js';

export type { TestPaymentPolicy };

/**
 * What an order paid on the built-in test page is to the tax records (YEAR.md section 1, decision
 * 0051), from how the shop runs:
 * - `stand-in`: outside production the test page stands in for the provider: its orders get their
 *   sale documents and invoices as real ones would, each PDF marked TEST PAYMENT, and are filed.
 * - `not-sales`: in production no money moved on the test page, so such an order (taken while the
 *   shop ran with PAYMENTS=test) gets no document, takes no number, and is left out of the file.
 * - `refused`: in production with PAYMENTS=test, as `not-sales`, and the audit file is refused
 *   (409 TEST_PAYMENTS): the shop's card sales are not real ones.
 */
export function testPaymentPolicy(config: Pick<Config, 'env' | 'payments'>): TestPaymentPolicy {
  if (config.env !== 'production') return 'stand-in';
  return config.payments === 'test' ? 'refused' : 'not-sales';
}

/** Whether the order is a sale the documents record: anything but a test payment where test payments are not sales. */
export const isSale = (
  order: Pick<OrderRow, 'paymentProvider' | 'paymentMethod' | 'paidAt'>,
  policy: TestPaymentPolicy,
) => policy === 'stand-in' || !isTestPayment(order);

/** Whether a card order pays (or paid) on the built-in test page, paid yet or not. */
export const paysOnTestPage = (order: Pick<OrderRow, 'paymentProvider' | 'paymentMethod'>) =>
  order.paymentProvider === 'local' && order.paymentMethod === 'card';

/** What a document of a test payment says it is (its data's `testPayment`, the PDF's mark). */
export const testPaymentMark = (order: Pick<OrderRow, 'paymentProvider' | 'paymentMethod' | 'paidAt'>) =>
  isTestPayment(order) ? { testPayment: true as const } : {};

export const TEST_PAYMENTS_MESSAGE =
  'This shop takes test payments in production (PAYMENTS=test): orders paid on the test page are not sales, ' +
  'so they get no sale document and no invoice, and there is no audit file to file.';

/** The refusal of what test payments cannot have: an audit file while the shop takes them, an invoice of one. */
export const testPaymentsRefusal = (message = TEST_PAYMENTS_MESSAGE) => new AppError('TEST_PAYMENTS', message);
