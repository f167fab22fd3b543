import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import type { AdminUser } from '@shop/contract';
import { fakeApi, renderWithApi, signIn, type Answer } from '../../../test/fake-api';
import { UserTable } from './user-table';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

const user = (id: number, name: string, role: AdminUser['role']): AdminUser => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  role,
  createdAt: '2026-01-01T00:00:00.000Z',
  storeCredit: id === 3 ? 12.5 : 0,
});
const USERS = [user(1, 'Root', 'ROOT_ADMIN'), user(2, 'Ada', 'ADMIN'), user(3, 'Mila', 'USER'), user(4, 'Bo', 'ADMIN')];

/** The users' list, and what else the test answers; returns what was sent. */
function stubApi(answers: Record<string, Answer> = {}) {
  return fakeApi({ 'GET /api/admin/users': { body: { success: true, data: USERS } }, ...answers });
}

/** The table as the root admin sees it, or as the admin Ada (id 2). */
function renderTable(viewer: 'root' | 'admin' = 'root') {
  signIn();
  return renderWithApi(
    <UserTable viewer={viewer === 'root' ? { id: 1, role: 'ROOT_ADMIN' } : { id: 2, role: 'ADMIN' }} />,
  );
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('UserTable', () => {
  it('lists the root admin first and leaves it without a role selector or delete; no delete for yourself', async () => {
    stubApi({});
    renderTable('admin');
    const rows = await screen.findAllByRole('row');
    expect(rows.map((row) => within(row).queryByRole('rowheader')?.textContent ?? 'head')).toEqual([
      'head',
      'Root',
      'AdaYou',
      'Mila',
      'Bo',
    ]);
    const root = rows[1]!;
    expect(within(root).getByText('Root admin')).toBeInTheDocument();
    expect(within(root).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(root).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('offers the root admin every role and delete; an admin only the shoppers’ delete, and says why', async () => {
    stubApi({});
    const { unmount } = renderTable('root');
    expect(await screen.findByRole('combobox', { name: 'Role of Bo' })).toHaveValue('ADMIN');
    expect(screen.getByRole('combobox', { name: 'Role of Mila' })).toHaveValue('USER');
    expect(screen.getByRole('button', { name: 'Delete Bo' })).toBeInTheDocument();
    expect(screen.queryByText(/Only the root admin/)).not.toBeInTheDocument();
    unmount();

    renderTable('admin');
    const bo = await screen.findByTestId('user-4');
    expect(
      screen.getByText('Only the root admin can add, change or remove admins: you manage shoppers.'),
    ).toBeVisible();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(bo).getByText('Admin')).toBeInTheDocument();
    expect(within(bo).queryByRole('button')).not.toBeInTheDocument();
    expect(within(bo).getByText('Managed by the root admin')).toBeInTheDocument();
    const mila = screen.getByTestId('user-3');
    expect(within(mila).getByText('User')).toBeInTheDocument();
    expect(within(mila).getByRole('button', { name: 'Delete Mila' })).toBeInTheDocument();
  });

  it('says in its own words when the server answers that only the root admin may', async () => {
    stubApi({
      'PUT /api/admin/users/role': { status: 403, body: { error: 'No.', code: 'ROOT_ADMIN_ONLY' } },
    });
    renderTable();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role of Mila' }), 'ADMIN');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Role update failed: Only the root admin can add, change or remove admins.',
      ),
    );
  });

  it('changes a role, and says "Role update failed: ..." with the reason when refused', async () => {
    const sent = stubApi({
      'PUT /api/admin/users/role': { status: 403, body: { error: 'No.', code: 'ROOT_PROTECTED' } },
    });
    renderTable();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role of Mila' }), 'ADMIN');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Role update failed: The root admin cannot be changed or deleted.'),
    );
    expect(sent).toContainEqual(
      expect.objectContaining({ key: 'PUT /api/admin/users/role', body: { userId: 3, newRole: 'ADMIN' } }),
    );
    // The select goes back to what the server holds.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of Mila' })).toHaveValue('USER'));
  });

  it('deletes a user only after confirmation: "User deleted successfully."', async () => {
    const sent = stubApi({ 'DELETE /api/admin/users/3': { body: { success: true } } });
    renderTable();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Mila' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this user?' });
    expect(sent.map((request) => request.key)).not.toContain('DELETE /api/admin/users/3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('User deleted successfully.'));
    expect(sent.map((request) => request.key)).toContain('DELETE /api/admin/users/3');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows each account's store credit and gives a shopper a goodwill credit with its reason", async () => {
    let tries = 0;
    const sent = stubApi({
      'POST /api/admin/users/3/store-credit': () =>
        (tries += 1) === 1
          ? { status: 400, body: { error: 'Invalid.', code: 'VALIDATION_ERROR', fields: { amount: 'Too much.' } } }
          : { body: { storeCredit: 20 } },
    });
    renderTable('admin');
    const mila = await screen.findByTestId('user-3');
    expect(within(mila).getByText(/12\.50/)).toBeInTheDocument();
    // Only a shopper's account is credited here.
    expect(within(screen.getByTestId('user-4')).queryByRole('button', { name: /credit/i })).not.toBeInTheDocument();
    await userEvent.click(within(mila).getByRole('button', { name: 'Give Mila store credit' }));
    const dialog = screen.getByRole('dialog', { name: 'Store credit for Mila' });
    const give = within(dialog).getByRole('button', { name: 'Give credit' });
    // Nothing typed: both fields say why in the page's words, and nothing is sent.
    await userEvent.click(give);
    expect(within(dialog).getByText('Enter an amount above 0, e.g. 12.50.')).toBeInTheDocument();
    expect(within(dialog).getByText('Say why the credit is given.')).toBeInTheDocument();
    expect(sent.map((request) => request.key)).not.toContain('POST /api/admin/users/3/store-credit');
    await userEvent.type(within(dialog).getByLabelText('Amount'), '7,50');
    await userEvent.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'Late parcel');
    // The server's refusal of a field is said in the page's words too.
    await userEvent.click(give);
    expect(await within(dialog).findByText('Enter an amount above 0, e.g. 12.50.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Too much.')).not.toBeInTheDocument();
    await userEvent.click(give);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Mila now has $20.00 in store credit.'));
    expect(sent.filter((request) => request.key === 'POST /api/admin/users/3/store-credit').at(-1)?.body).toEqual({
      amount: '7.50',
      reason: 'Late parcel',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says "User deletion failed: ..." when the server refuses', async () => {
    stubApi({
      'DELETE /api/admin/users/3': {
        status: 403,
        body: { error: 'You are not allowed to do this.', code: 'FORBIDDEN' },
      },
    });
    renderTable();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Mila' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete user' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('User deletion failed: You are not allowed to do this.'),
    );
  });
});
