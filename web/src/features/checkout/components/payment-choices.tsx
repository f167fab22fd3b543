import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@shop/contract';
import { Choice, ChoiceGroup } from '../../../components/choice/choice';

interface PaymentChoicesProps {
  chosen: PaymentMethod;
  onChoose: (method: PaymentMethod) => void;
  /** The card provider's name key ('stripe', 'builtin', …) for its note; null when cards are off. */
  cardProvider: string | null;
  /** The cash-on-delivery fee written for the shopper (0: "no fee"); null when the shop takes none. */
  codFee: { amount: number; text: string } | null;
  disabled?: boolean;
}

/** How the order is paid: by card on the provider's page, or cash on delivery with its fee. */
export function PaymentChoices({ chosen, onChoose, cardProvider, codFee, disabled }: PaymentChoicesProps) {
  const { t } = useTranslation();
  return (
    <ChoiceGroup legend={t('checkout.paymentMethod')} legendHidden>
      {cardProvider !== null && (
        <Choice
          name="paymentMethod"
          value="card"
          checked={chosen === 'card'}
          disabled={disabled}
          onChange={() => onChoose('card')}
          title={t('checkout.methods.card')}
          detail={t(`checkout.note.${cardProvider}`)}
        />
      )}
      {codFee !== null && (
        <Choice
          name="paymentMethod"
          value="cod"
          checked={chosen === 'cod'}
          disabled={disabled}
          onChange={() => onChoose('cod')}
          title={t('checkout.methods.cod')}
          detail={codFee.amount > 0 ? t('checkout.codFeeNote', { fee: codFee.text }) : t('checkout.codNoFee')}
        />
      )}
    </ChoiceGroup>
  );
}
