import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuoteBody } from '@shop/contract';
import { giftCardErrorKey, isGiftCardRefusal, normalizeGiftCardCode } from '../../../lib/gift-cards';

/** At most five cards an order (the contract's limit). */
export const MAX_GIFT_CARDS = 5;

/**
 * The checkout's gift cards and store credit: the codes the quote is asked with (normalized, each
 * once), what is typed, why the last card was refused, and the store credit switch. A card is
 * added to the quote's question; when the quote refuses it, it leaves the list again with the
 * reason beside the field. The cards already in the list were good, so the refused one is the last.
 */
export function useGiftCards() {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [codes, setCodes] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [useStoreCredit, setUseStoreCredit] = useState(false);

  function add(): boolean {
    const code = normalizeGiftCardCode(input);
    if (!code) {
      setError(t('giftCards.errors.format'));
      return false;
    }
    if (codes.includes(code)) {
      setError(t('giftCards.errors.twice'));
      return false;
    }
    if (codes.length >= MAX_GIFT_CARDS) {
      setError(t('giftCards.errors.tooMany', { count: MAX_GIFT_CARDS }));
      return false;
    }
    setError(null);
    setInput('');
    setCodes([...codes, code]);
    return true;
  }

  function remove(index: number) {
    setError(null);
    setCodes(codes.filter((_, at) => at !== index));
  }

  /** A quote failed: when a card was the reason, the last one added leaves with the reason said. Answers whether it was. */
  function quoteFailed(failure: unknown, asked: QuoteBody): boolean {
    if (!isGiftCardRefusal(failure) || !asked.giftCards?.length) return false;
    const refused = asked.giftCards[asked.giftCards.length - 1];
    setCodes((current) => current.filter((code) => code !== refused));
    setError(t(giftCardErrorKey(failure)));
    return true;
  }

  /** The order was refused for a card (spent meanwhile in another tab): every card leaves, the reason said. */
  function checkoutRefused(failure: unknown): boolean {
    if (!isGiftCardRefusal(failure)) return false;
    setCodes([]);
    setError(t(giftCardErrorKey(failure)));
    return true;
  }

  /** What the quote and the session are asked with. */
  const body = useMemo<Pick<QuoteBody, 'giftCards' | 'useStoreCredit'>>(
    () => ({
      ...(codes.length > 0 ? { giftCards: codes } : {}),
      ...(useStoreCredit ? { useStoreCredit: true } : {}),
    }),
    [codes, useStoreCredit],
  );

  return {
    input,
    setInput: (value: string) => {
      setInput(value);
      setError(null);
    },
    codes,
    error,
    add,
    remove,
    useStoreCredit,
    setUseStoreCredit,
    quoteFailed,
    checkoutRefused,
    body,
  };
}

export type GiftCardsState = ReturnType<typeof useGiftCards>;
