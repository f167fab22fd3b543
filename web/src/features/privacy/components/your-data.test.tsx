import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, signIn } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render';
import { YourData } from './your-data';

afterEach(() => vi.restoreAllMocks());

async function confirmWith(password: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
  await userEvent.type(screen.getByLabelText('Your password'), password);
  await userEvent.click(
    [...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Delete my account')!,
  );
}

describe('YourData', () => {
  it('deletes the account with the password, then hands over to the page', async () => {
    const token = signIn();
    const sent = fakeApi({ 'DELETE /api/profile': { status: 204 } });
    const onDeleted = vi.fn();
    renderWithRouter(<YourData onDeleted={onDeleted} />);
    await confirmWith('correct horse');
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(sent).toEqual([{ key: 'DELETE /api/profile', body: { password: 'correct horse' }, token }]);
  });

  it('shows a wrong password on the password field and keeps the account', async () => {
    signIn();
    fakeApi({
      'DELETE /api/profile': {
        status: 400,
        body: { error: 'Wrong password.', code: 'VALIDATION_ERROR', fields: { password: 'Wrong password.' } },
      },
    });
    const onDeleted = vi.fn();
    const onDeleting = vi.fn();
    renderWithRouter(<YourData onDeleting={onDeleting} onDeleted={onDeleted} />);
    await confirmWith('nope');
    const field = screen.getByLabelText('Your password');
    await waitFor(() => expect(field).toHaveAccessibleDescription('This password is not correct.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onDeleted).not.toHaveBeenCalled();
    // The page was told the deletion started, then that it did not happen.
    expect(onDeleting.mock.calls).toEqual([[true], [false]]);
  });

  it('tells the root admin their account cannot be deleted', async () => {
    signIn();
    fakeApi({ 'DELETE /api/profile': { status: 403, body: { error: 'No.', code: 'ROOT_PROTECTED' } } });
    renderWithRouter(<YourData onDeleted={() => undefined} />);
    await confirmWith('secret');
    expect(await screen.findByText('The main administrator account cannot be deleted.')).toBeInTheDocument();
  });

  it('asks for the password before calling the server, and Keep my account closes the dialog', async () => {
    const sent = fakeApi({});
    renderWithRouter(<YourData onDeleted={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(
      [...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Delete my account')!,
    );
    expect(screen.getByLabelText('Your password')).toHaveAccessibleDescription('Please enter your password.');
    await userEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('downloads the export as a JSON file', async () => {
    signIn();
    const exported = { exportedAt: '2026-11-23T10:00:00.000Z', profile: { email: 'mira@example.com' } };
    const sent = fakeApi({ 'GET /api/profile/export': { body: exported } });
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('atelier-noir-my-data-2026-11-23.json');
      expect(this.href).toBe('blob:export');
    });
    renderWithRouter(<YourData onDeleted={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(sent.map((request) => request.key)).toEqual(['GET /api/profile/export']);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(saved!);
    });
    expect(saved!.type).toBe('application/json');
    expect(JSON.parse(text)).toEqual(exported);
  });
});
