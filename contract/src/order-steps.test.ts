import { describe, expect, it } from 'vitest';
import { FULFILMENT_STATUSES, ORDER_STATUSES, PAYMENT_METHODS } from './constants.js';
import { allowedSteps, ORDER_STEPS, ORDER_TABLE, stepRefusal, stepResult, type OrderFacts } from './order-steps.js';

const order = (facts: Partial<OrderFacts>): OrderFacts => ({
  status: 'paid',
  fulfilment: 'unfulfilled',
  paymentMethod: 'card',
  totalCents: 5_000,
  refundedCents: 0,
  awaitsConfirmation: false,
  withdrawn: false,
  ...facts,
});

describe('the order table', () => {
  it('offers the owner what each state allows', () => {
    expect(allowedSteps(order({}), 'admin')).toEqual(['ship', 'cancel', 'refund']);
    expect(allowedSteps(order({ fulfilment: 'shipped' }), 'admin')).toEqual(['deliver', 'refund', 'return']);
    expect(allowedSteps(order({ status: 'placed', paymentMethod: 'cod' }), 'admin')).toEqual(['ship', 'cancel']);
    expect(allowedSteps(order({ status: 'placed', paymentMethod: 'cod', awaitsConfirmation: true }), 'admin')).toEqual([
      'confirm',
      'cancel',
    ]);
    expect(allowedSteps(order({ status: 'pending' }), 'admin')).toEqual(['cancel']);
    expect(allowedSteps(order({ status: 'refunded', refundedCents: 5_000 }), 'admin')).toEqual([]);
    expect(allowedSteps(order({ status: 'pending' }), 'shopper')).toEqual(['cancel']);
    expect(allowedSteps(order({}), 'shopper')).toEqual(['withdraw']);
    expect(allowedSteps(order({ withdrawn: true }), 'shopper')).toEqual([]);
  });

  it('leads every step, from every state it allows, to a state that exists, recording its event', () => {
    for (const step of ORDER_STEPS) {
      for (const status of ORDER_STATUSES) {
        for (const fulfilment of FULFILMENT_STATUSES) {
          for (const paymentMethod of PAYMENT_METHODS) {
            const facts = order({ status, fulfilment, paymentMethod });
            const anyone = ORDER_TABLE[step].by.some((actor) => stepRefusal(step, facts, actor) === null);
            if (!anyone) continue;
            const next = stepResult(step, facts);
            expect(ORDER_STATUSES).toContain(next.status);
            expect(FULFILMENT_STATUSES).toContain(next.fulfilment);
            expect(next.event).toBe(ORDER_TABLE[step].event);
          }
        }
      }
    }
  });

  it('says why a step is refused, and who may not take it', () => {
    expect(stepRefusal('ship', order({ status: 'pending' }), 'admin')).toBe(
      'Only a paid or cash-on-delivery order that has not left can be shipped: it is pending and unfulfilled.',
    );
    expect(stepRefusal('cancel', order({}), 'shopper')).toBe(
      'Only an order waiting for payment can be cancelled: it is paid.',
    );
    expect(stepRefusal('ship', order({}), 'shopper')).toBe('This step is not yours to take.');
    expect(stepRefusal('refund', order({ refundedCents: 5_000 }), 'admin')).toBe(
      'Nothing of this order is left to refund.',
    );
    expect(stepResult('refund', order({}), 1_000).status).toBe('paid');
    expect(stepResult('refund', order({ refundedCents: 4_000 }), 1_000).status).toBe('refunded');
  });
});
