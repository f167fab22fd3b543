import { ORDER_EVENT_DETAILS, type OrderEventDetail, type OrderEventType } from '@shop/contract';
import type { z } from 'zod';
import { MAX_ATTEMPTS, type ClaimedEffect, type Effect, type EffectHandler } from './outbox.js';

/** What an effect written now may say beside its payload. */
export interface EffectOptions {
  /** What makes its key unique within its kind (an event's id, an order's, a day): the key is `kind:id`. */
  id: string | number;
  /** The order it concerns (the admin's list names it). */
  orderId?: number | null | undefined;
  /** Not before then; now when absent. */
  runAfter?: Date | undefined;
  /**
   * The key of the effect it waits for (`KIND.key(id)`): it runs only once that one is done, and
   * waits as long as that one fails (a refund's mail and credit note wait for the provider's refund).
   */
  after?: string | null | undefined;
}

/**
 * A kind of effect, declared once (in its module's `effect-kinds.ts`): its name, which the
 * outbox's rows and the admin's list carry, and its payload's schema. `effect()` is the only way
 * to write one; the handler gets the payload parsed by the same schema.
 */
export interface EffectKind<P> {
  readonly name: string;
  readonly payload: z.ZodType<P>;
  /** The idempotency key of this kind's effect `id`. */
  key(id: string | number): string;
  effect(payload: P, options: EffectOptions): Effect;
}

export function effectKind<P extends Record<string, unknown>>(name: string, payload: z.ZodType<P>): EffectKind<P> {
  const key = (id: string | number) => `${name}:${id}`;
  return {
    name,
    payload,
    key,
    effect: (value, { id, orderId, runAfter, after }) => ({
      kind: name,
      key: key(id),
      payload: payload.parse(value),
      orderId: orderId ?? null,
      ...(runAfter ? { runAfter } : {}),
      ...(after ? { after } : {}),
    }),
  };
}

/** One kind's handler: it gets the payload parsed (a row that does not parse fails, and says why). */
export const handle = <P>(
  kind: EffectKind<P>,
  run: (payload: P, effect: ClaimedEffect) => Promise<unknown>,
): Record<string, EffectHandler> => ({
  [kind.name]: async (effect) => void (await run(kind.payload.parse(effect.payload), effect)),
});

/** An order event as its subscribers read it, once recorded: its detail as declared (contract/order-events). */
export interface RecordedEvent<T extends OrderEventType = OrderEventType> {
  id: number;
  orderId: number;
  type: T;
  detail: OrderEventDetail<T>;
}

/** A module's answer to order events: the effects it writes with each, in the event's transaction. */
export interface EventSubscription {
  readonly types: readonly OrderEventType[];
  effects(event: RecordedEvent): Effect[];
}

/** A module's answer to an effect that keeps failing: what it writes with the failure of attempt `attempts`. */
export interface FailureSubscription {
  readonly kind: string;
  readonly attempts: number;
  effects(effect: ClaimedEffect): Effect[];
}

export type Subscription = EventSubscription | FailureSubscription;

/**
 * "On these events, these effects" (a module's `subscriptions.ts`): the module that reacts to an
 * event says so beside its handlers; the order module does not list its listeners.
 */
export function on<T extends OrderEventType>(
  types: T | readonly T[],
  effects: (event: RecordedEvent<T>) => Effect | Effect[],
): EventSubscription {
  return {
    types: typeof types === 'string' ? [types] : types,
    effects: (event) => [effects(event as RecordedEvent<T>)].flat(),
  };
}

/**
 * "When this kind of effect has failed `attempts` times, these effects" (the owner told of a refund
 * the provider refuses), written with that failure; at most the last attempt, once per attempt.
 */
export function onFailure<P>(
  kind: EffectKind<P>,
  attempts: number,
  effects: (payload: P, effect: ClaimedEffect) => Effect | Effect[],
): FailureSubscription {
  return {
    kind: kind.name,
    attempts: Math.min(attempts, MAX_ATTEMPTS),
    effects: (effect) => [effects(kind.payload.parse(effect.payload), effect)].flat(),
  };
}

/** An event's detail checked against its declaration: a detail that does not fit throws, before anything is written. */
export function eventDetail<T extends OrderEventType>(type: T, detail: unknown): OrderEventDetail<T> {
  // TypeScript does not follow the type from the key to its schema's output: the map says it.
  return ORDER_EVENT_DETAILS[type].parse(detail ?? {}) as OrderEventDetail<T>;
}

/** Every module's subscriptions, by what they answer: the effects an event asks for, and those a failure asks for. */
export function subscriptions(all: readonly Subscription[]) {
  const byType = new Map<OrderEventType, EventSubscription[]>();
  const failures: FailureSubscription[] = [];
  for (const subscription of all) {
    if ('kind' in subscription) failures.push(subscription);
    else for (const type of subscription.types) byType.set(type, [...(byType.get(type) ?? []), subscription]);
  }
  return {
    effectsOf: (event: RecordedEvent): Effect[] =>
      (byType.get(event.type) ?? []).flatMap((subscription) => subscription.effects(event)),
    failureEffectsOf: (effect: ClaimedEffect): Effect[] =>
      failures
        .filter((failure) => failure.kind === effect.kind && failure.attempts === effect.attempts)
        .flatMap((failure) => failure.effects(effect)),
  };
}
