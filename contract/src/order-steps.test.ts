import { describe, expect, it } from 'vitest';
import { FULFILMENT_STATUSES, ORDER_STATUSES, PAYMENT_METHODS } from './constants.js';
import {
  allowedSteps,
  ORDER_STEPS,
  ORDER_TABLE,
  refusalOf,
  stepRefusal,
  stepResult,
  type OrderFacts,
  type StepRule,
} from './order-steps.js';

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
            const rule: StepRule = ORDER_TABLE[step];
            const anyone = rule.by.some((actor) => stepRefusal(step, facts, actor) === null);
            if (!anyone) continue;
            const next = stepResult(step, facts);
            expect(ORDER_STATUSES).toContain(next.status);
            expect(FULFILMENT_STATUSES).toContain(next.fulfilment);
            expect(next.taken[0]).toEqual({ step, event: rule.event });
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

  it('takes the steps a step implies as rows of the table: delivered cash is collected, a cancelled payment refunded', () => {
    const cod = order({ status: 'placed', fulfilment: 'shipped', paymentMethod: 'cod' });
    expect(stepResult('deliver', cod)).toEqual({
      status: 'paid',
      fulfilment: 'delivered',
      taken: [
        { step: 'deliver', event: 'delivered' },
        { step: 'collect', event: 'paid' },
      ],
    });
    expect(stepResult('deliver', order({ fulfilment: 'shipped' })).taken.map((each) => each.step)).toEqual(['deliver']);
    expect(stepResult('cancel', order({ refundedCents: 1_000 }))).toEqual({
      status: 'refunded',
      fulfilment: 'unfulfilled',
      taken: [
        { step: 'cancel', event: 'cancelled' },
        { step: 'refund', event: 'refunded' },
      ],
    });
    expect(stepResult('cancel', order({ status: 'placed', paymentMethod: 'cod' })).status).toBe('cancelled');
    expect(stepResult('cancel', order({ status: 'pending' })).taken).toHaveLength(1);
    // Collecting is the shop's part of a delivery, never a button of its own.
    expect(allowedSteps(cod, 'admin')).not.toContain('collect');
  });

  it('refuses a second withdrawal with its own code', () => {
    expect(refusalOf('withdraw', order({ withdrawn: true }), 'shopper')).toEqual({
      code: 'ALREADY_WITHDRAWN',
      message: 'You have already withdrawn from this order.',
    });
    expect(refusalOf('ship', order({ status: 'pending' }), 'admin')?.code).toBe('INVALID_TRANSITION');
  });
});
