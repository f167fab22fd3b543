import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { toast } from 'react-toastify';
import type { Product } from '@shop/contract';
import { ADMIN_FAILED } from '../../../lib/admin-errors';
import { useErrorText } from '../../../lib/error-text';
import { isDirty, useUnsavedChanges } from '../../../components/unsaved-changes/unsaved-changes';
import { Switch } from '../../../components/switch/switch';
import { saveDetails } from '../api/details';
import { revalidateCatalog } from '../api/revalidate-catalog';
import form from '../../../components/form/form.module.css';
import { EditorPanel } from './editor-panel';

interface Flags {
  finalSale: boolean;
  hygieneSealed: boolean;
}

/**
 * The editor's Returns panel (YEAR.md section 2; decision 0056): a final-sale product has no
 * voluntary return (the legal withdrawal still applies), a hygiene-sealed one no withdrawal once
 * its seal is broken. Saved on their own through PUT /admin/products/{id}/details.
 */
export function ReturnFlagsPanel({ product }: { product: Product }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const [saved, setSaved] = useState<Flags>(() => ({
    finalSale: product.finalSale ?? false,
    hygieneSealed: product.hygieneSealed ?? false,
  }));
  const [draft, setDraft] = useState<Flags>(saved);
  useUnsavedChanges(isDirty(draft, saved));
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await saveDetails(product.id, draft);
    } catch (error) {
      setBusy(false);
      toast.error(errorText(error, ADMIN_FAILED));
      return;
    }
    setSaved(draft);
    await revalidateCatalog(mutate);
    setBusy(false);
    toast.success(t('admin.returnFlags.saved'));
  }

  return (
    <EditorPanel
      title={t('admin.returnFlags.title')}
      onSubmit={submit}
      submitLabel={busy ? t('admin.returnFlags.saving') : t('admin.returnFlags.save')}
      busy={busy}
    >
      <Switch
        checked={draft.finalSale}
        disabled={busy}
        onChange={(finalSale) => setDraft((current) => ({ ...current, finalSale }))}
      >
        {t('admin.returnFlags.finalSale')}
      </Switch>
      <p className={form.hint}>{t('admin.returnFlags.finalSaleHint')}</p>
      <Switch
        checked={draft.hygieneSealed}
        disabled={busy}
        onChange={(hygieneSealed) => setDraft((current) => ({ ...current, hygieneSealed }))}
      >
        {t('admin.returnFlags.hygieneSealed')}
      </Switch>
      <p className={form.hint}>{t('admin.returnFlags.hygieneSealedHint')}</p>
    </EditorPanel>
  );
}
