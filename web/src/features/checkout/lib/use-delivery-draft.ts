import { useEffect, useRef, useState } from 'react';
import type { CourierOffice, Language, Profile } from '@shop/contract';
import { useCourierCities } from '../../../lib/couriers';
import {
  deliveryFromProfile,
  EMPTY_DELIVERY,
  officeLabel,
  type DeliveryDraft,
  type DeliveryErrors,
  type DeliveryField,
} from './delivery-form';

/**
 * The checkout's delivery form: the draft (filled once from the profile's saved details, unless
 * the shopper has started typing), its errors, the courier's cities in Bulgaria (the office is
 * then picked from its list; null: typed), and the changes a field or a picked office make.
 */
export function useDeliveryDraft(profile: Profile | undefined, lang: Language) {
  const [draft, setDraft] = useState<DeliveryDraft>(EMPTY_DELIVERY);
  const [errors, setErrors] = useState<DeliveryErrors>({});
  const touched = useRef(false);
  const courierCities = useCourierCities(lang, draft.country === 'BG');
  const cities =
    draft.country === 'BG' && !courierCities.error && courierCities.data?.length !== 0
      ? (courierCities.data ?? [])
      : null;

  useEffect(() => {
    if (profile && !touched.current) {
      touched.current = true;
      setDraft(deliveryFromProfile(profile));
    }
  }, [profile]);

  function change(field: DeliveryField, value: string) {
    touched.current = true;
    setDraft((current) => ({
      ...current,
      [field]: value,
      // Another city, or an office typed by hand, is no longer the office picked from the list.
      ...((field === 'city' || field === 'office') && current.officeId !== null ? { officeId: null } : {}),
      ...(field === 'city' && current.officeId !== null ? { office: '' } : {}),
    }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** An office or locker taken from the list: the order goes to its name, address, city and postcode. */
  function pickOffice(office: CourierOffice) {
    touched.current = true;
    setDraft((current) => ({
      ...current,
      officeId: office.id,
      office: officeLabel(office),
      city: office.city,
      postcode: office.postcode,
    }));
    setErrors((current) => ({ ...current, office: undefined, city: undefined, postcode: undefined }));
  }

  return { draft, errors, setErrors, cities, change, pickOffice };
}
