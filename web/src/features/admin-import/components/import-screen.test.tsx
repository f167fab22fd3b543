import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedCheck, ImportSummary, LastImport } from '@shop/contract';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import i18n from '../../../lib/i18n';
import { ImportResult } from './import-result';
import { ImportScreen } from './import-screen';
import { LastImportPanel } from './last-import-panel';

const summary = (over: Partial<ImportSummary> = {}): ImportSummary => ({
  importId: 7,
  rows: 3,
  create: 1,
  update: 1,
  unchanged: 0,
  errors: [],
  warnings: [{ row: 3, column: 'name_bg', message: 'No Bulgarian text.', code: 'noBulgarian', values: {} }],
  changes: [
    { row: 2, styleCode: 'IM-COAT', name: 'Coat', change: 'create' },
    { row: 3, styleCode: 'IM-DRESS', name: 'Dress', change: 'update' },
  ],
  ...over,
});
const applied: NonNullable<LastImport> = {
  importId: 7,
  format: 'atelier',
  status: 'applied',
  appliedAt: new Date().toISOString(),
  appliedBy: { name: 'Vera Ivanova', email: 'vera@example.com' },
  undoneAt: null,
  created: 1,
  updated: 1,
  undoable: true,
  superseded: false,
  orderedProduct: null,
};
const check = (over: Partial<FeedCheck> = {}): FeedCheck => ({
  lang: 'en',
  service: 'google',
  items: 12,
  leftOut: 0,
  missing: [],
  examples: [],
  ...over,
});
/** The Google and the Meta feed's checks in both languages, as the feeds card asks for them. */
const feedChecks = (
  en = check(),
  bg = check({ lang: 'bg' }),
  metaEn = check({ service: 'meta' }),
  metaBg = check({ lang: 'bg', service: 'meta' }),
) => ({
  'GET /api/admin/products/feed-check?lang=en': { body: en },
  'GET /api/admin/products/feed-check?lang=bg': { body: bg },
  'GET /api/admin/products/feed-check?lang=en&service=meta': { body: metaEn },
  'GET /api/admin/products/feed-check?lang=bg&service=meta': { body: metaBg },
});
const csv = () => new File(['style_code,name_en\n'], 'products.csv', { type: 'text/csv' });

async function upload() {
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('CSV file'), csv());
  await user.click(screen.getByRole('button', { name: 'Check the file' }));
  return user;
}

describe('ImportScreen', () => {
  it('shows the dry run: counts, each error by row and column, and refuses to apply a file with errors', async () => {
    const sent = fakeApi({
      ...feedChecks(),
      'GET /api/admin/products/import/last': { body: null },
      'POST /api/admin/products/import': {
        status: 201,
        body: summary({
          errors: [{ row: 4, column: 'size', message: 'Not a size.', code: 'notSize', values: { value: 'XXXL' } }],
        }),
      },
    });
    signIn();
    renderWithApi(<ImportScreen />);
    expect(await screen.findByText('No import has been applied yet.')).toBeInTheDocument();
    await upload();
    expect(await screen.findByTestId('import-counts')).toHaveTextContent(
      '3 rows. Products to create: 1, to update: 1, unchanged: 0.',
    );
    const errors = screen.getByRole('table', { name: 'Errors (1)' });
    expect(within(errors).getByRole('row', { name: /4 size "XXXL" is not a size/ })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Warnings (1)' })).toHaveTextContent('name_bg');
    expect(screen.getByRole('button', { name: 'Apply the import' })).toBeDisabled();
    expect(sent.find((request) => request.key === 'POST /api/admin/products/import')?.body).toMatchObject({
      format: 'atelier',
      file: 'products.csv',
    });
  });

  it('applies a clean dry run, then offers its undo, and explains an undo refused as superseded', async () => {
    let last: LastImport = null;
    const sent = fakeApi({
      ...feedChecks(),
      'GET /api/admin/products/import/last': () => ({ body: last }),
      'POST /api/admin/products/import': { status: 201, body: summary() },
      'POST /api/admin/products/import/7/apply': () => {
        last = applied;
        return { body: { created: 1, updated: 1 } };
      },
      'POST /api/admin/products/import/7/undo': () => {
        last = { ...applied, undoable: false, superseded: true };
        return {
          status: 409,
          body: { error: 'A product of this import was changed since.', code: 'IMPORT_SUPERSEDED' },
        };
      },
    });
    signIn();
    renderWithApi(<ImportScreen />);
    await screen.findByText('No import has been applied yet.');
    const user = await upload();
    expect(within(await screen.findByRole('table', { name: 'Products' })).getByText('New')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply the import' }));
    expect(await screen.findByTestId('last-import')).toHaveTextContent(/Import no\. 7 .*1 created, 1 updated/);
    expect(screen.getByTestId('last-import-by')).toHaveTextContent('Applied by Vera Ivanova (vera@example.com).');
    expect(screen.queryByRole('table', { name: 'Products' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo the import' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Undo the import' }));
    expect(await screen.findByText(/can no longer be undone/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo the import' })).not.toBeInTheDocument());
    expect(sent.map((request) => request.key)).toContain('POST /api/admin/products/import/7/undo');
  });

  it('gives the feed addresses in both languages to copy', async () => {
    fakeApi({ ...feedChecks(), 'GET /api/admin/products/import/last': { body: null } });
    signIn();
    renderWithApi(<ImportScreen />);
    expect(await screen.findByRole('textbox', { name: 'Google Merchant Center, Български' })).toHaveValue(
      `${window.location.origin}/feeds/google.xml?lang=bg`,
    );
    expect(screen.getByRole('textbox', { name: 'Meta catalogue, English' })).toHaveValue(
      `${window.location.origin}/feeds/meta.csv?lang=en`,
    );
  });

  it('says under each Google and Meta feed how many items it leaves out, and for lacking what', async () => {
    const leftOut = check({
      leftOut: 2,
      missing: [{ attribute: 'image_link', items: 2 }],
      examples: [
        { id: 'P3-C5-S', title: 'Linen Shirt – Ink – S', missing: ['image_link'] },
        { id: 'P3-C5-M', title: 'Linen Shirt – Ink – M', missing: ['image_link'] },
      ],
    });
    const metaLeftOut = check({
      service: 'meta',
      leftOut: 1,
      missing: [{ attribute: 'condition', items: 1 }],
      examples: [{ id: 'P3-C5-S', title: 'Linen Shirt – Ink – S', missing: ['condition'] }],
    });
    fakeApi({
      ...feedChecks(leftOut, undefined, metaLeftOut),
      'GET /api/admin/products/import/last': { body: null },
    });
    signIn();
    renderWithApi(<ImportScreen />);
    // Under each Meta feed too, with Meta's own requirements (decision 0072).
    expect(await screen.findByTestId('feed-check-meta-en')).toHaveTextContent(
      '1 item of 12 is left out: Meta would refuse it. Condition (condition) missing on 1 item',
    );
    expect(await screen.findByTestId('feed-check-meta-bg')).toHaveTextContent(
      'All 12 of its items have everything Meta requires.',
    );
    expect(await screen.findByTestId('feed-check-en')).toHaveTextContent(
      '2 items of 12 are left out: Google would refuse them. Picture (image_link) missing on 2 items',
    );
    expect(screen.getByTestId('feed-check-en')).toHaveTextContent('P3-C5-M Linen Shirt – Ink – M: image_link');
    expect(await screen.findByTestId('feed-check-bg')).toHaveTextContent(
      'All 12 of its items have everything Google requires.',
    );
  });
});

describe('the last import, once an order names a product it created', () => {
  it("says which product in the page's language, and offers no undo", async () => {
    fakeApi({
      ...feedChecks(check({ lang: 'bg' }), check({ lang: 'bg' })),
      'GET /api/admin/products/import/last': {
        body: {
          ...applied,
          undoable: false,
          superseded: true,
          orderedProduct: { styleCode: 'IM-COAT', name: 'Coat', nameBg: 'Палто' },
        },
      },
    });
    await i18n.changeLanguage('bg');
    signIn();
    renderWithApi(<LastImportPanel />);
    const said = await screen.findByText(/„Палто“ \(IM-COAT\)/);
    expect(said).toHaveTextContent('е поръчан след този импорт');
    expect(screen.queryByText(/Coat/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отмени импорта' })).not.toBeInTheDocument();
  });
});

describe("the dry run's products", () => {
  it("name each product in the page's language (the English name when it has no Bulgarian one)", async () => {
    const changes: ImportSummary['changes'] = [
      { row: 2, styleCode: 'IM-COAT', name: 'Coat', nameBg: 'Палто', change: 'create' },
      { row: 3, styleCode: 'IM-DRESS', name: 'Dress', change: 'update' },
    ];
    await i18n.changeLanguage('bg');
    signIn();
    renderWithApi(<ImportResult summary={summary({ changes })} onApplied={() => {}} />);
    const products = screen.getByRole('table', { name: 'Продукти' });
    expect(within(products).getByRole('row', { name: /IM-COAT/ })).toHaveTextContent('Палто');
    expect(within(products).getByRole('row', { name: /IM-COAT/ })).not.toHaveTextContent('Coat');
    expect(within(products).getByRole('row', { name: /IM-DRESS/ })).toHaveTextContent('Dress');
  });
});
