import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, signIn } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render';
import { ExportPanel } from './export-panel';

// jsdom has no object URLs: the test lends them and gives the global back as it was.
const objectUrls: unknown = {
  createObjectURL: Reflect.get(URL, 'createObjectURL'),
  revokeObjectURL: Reflect.get(URL, 'revokeObjectURL'),
};
afterEach(() => {
  Object.assign(URL, objectUrls);
  vi.restoreAllMocks();
});

describe('ExportPanel', () => {
  it('downloads the CSV of the chosen days with the session token, under the server’s file name', async () => {
    const sent = fakeApi({
      'GET /api/admin/orders/export.csv?from=2026-11-01&to=2026-11-30&lang=en': () =>
        new Response('order_id,product\n1,Linen Shirt\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="orders-from-2026-11-01-to-2026-11-30.csv"',
          },
        }),
    });
    const token = signIn();
    const createObjectURL = vi.fn(() => 'blob:orders');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderWithRouter(<ExportPanel lang="en" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(clicks).toEqual(['orders-from-2026-11-01-to-2026-11-30.csv']));
    expect(sent[0]?.token).toBe(token);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it("asks for the file in the admin's language: Bulgarian gets `;` and a decimal comma from the server", async () => {
    const sent = fakeApi({
      'GET /api/admin/orders/export.csv?lang=bg': () =>
        new Response('\uFEFForder_id;product\n1;Ленена риза\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="orders.csv"' },
        }),
    });
    signIn();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:orders'), revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderWithRouter(<ExportPanel lang="bg" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicks).toEqual(['orders.csv']));
    expect(sent.map((request) => request.key)).toEqual(['GET /api/admin/orders/export.csv?lang=bg']);
  });

  it('refuses a range that ends before it starts, and asks nothing', async () => {
    const sent = fakeApi({});
    signIn();
    renderWithRouter(<ExportPanel lang="en" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('From'), '2026-11-30');
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The first day must not be after the last.');
    expect(sent).toEqual([]);
  });
});
