import type { TFunction } from 'i18next';
import { EFFECT_KINDS, type EffectKindName } from '@shop/contract';

const isKnown = (kind: string): kind is EffectKindName => (EFFECT_KINDS as readonly string[]).includes(kind);

/**
 * What a task does, in the page's language; a kind this screen does not know yet is shown as it is.
 * The labels are keyed by the kind's whole name (`adminEffects.kinds["mail.gift-card.purchase"]`):
 * a kind may be the start of another's name (`mail.gift-card`), which nested keys cannot hold.
 */
export const effectLabel = (kind: string, t: TFunction) => (isKnown(kind) ? t(`adminEffects.kinds.${kind}`) : kind);
