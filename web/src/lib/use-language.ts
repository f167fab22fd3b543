import { useTranslation } from 'react-i18next';
import { isLanguage } from './i18n';
import { DEFAULT_LANGUAGE, type Language } from '@shop/contract';

/** The current shop language, re-rendering on change. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}
