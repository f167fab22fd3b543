import type { TFunction } from 'i18next';
import type { auditFileSettingsMissing } from '@shop/contract';

type Missing = ReturnType<typeof auditFileSettingsMissing>[number];

/** A missing setting's label as the settings screen shows it. */
export const missingSettingLabel = (t: TFunction, name: Missing): string =>
  name === 'companyId' ? t('adminSettings.fields.seller.companyId') : t(`records.fields.${name}`);

/** The settings a RECORDS_SETTINGS_MISSING answer names in its `fields` (`records.domain`, `seller.companyId`…), as labels. */
export function missingFieldLabels(t: TFunction, fields: Record<string, string>): string[] {
  return Object.keys(fields).map((field) => {
    const name = field.split('.').pop() ?? field;
    return missingSettingLabel(t, name as Missing);
  });
}
