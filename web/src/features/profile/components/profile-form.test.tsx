import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@shop/contract';
import { fakeApi } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render';
import { ProfileForm } from './profile-form';

const profile: Profile = {
  id: 7,
  name: 'Mira Petrova',
  email: 'mira@example.com',
  address: '',
  phone: '',
  profilePicture: null,
  storeCredit: 0,
  role: 'USER',
  delivery: null,
};
const PREVIEW = `/files/${'c'.repeat(64)}`;

function stubApi() {
  return fakeApi({
    'PUT /api/profile': { body: { message: 'saved' } },
    'POST /api/profile/upload': { body: { previewPath: PREVIEW } },
    'PUT /api/profile/save': { body: { message: 'saved' } },
  });
}

describe('ProfileForm', () => {
  it('enables Save only after a change, sends only the editable fields, then goes home', async () => {
    const sent = stubApi();
    const onSaved = vi.fn();
    const { router } = renderWithRouter(
      <ProfileForm profile={profile} onSaved={onSaved} onLogout={() => undefined} />,
      {
        path: '/profile',
        routes: [{ path: '/', element: <p>home</p> }],
      },
    );
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');

    await userEvent.type(screen.getByLabelText('Address'), 'ul. Shipka 12');
    expect(save).toBeEnabled();
    await userEvent.type(screen.getByLabelText('Phone'), '+359 88 123');
    await userEvent.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent).toEqual([
      {
        key: 'PUT /api/profile',
        body: { name: 'Mira Petrova', address: 'ul. Shipka 12', phone: '+359 88 123' },
        token: null,
      },
    ]);
    expect(onSaved).toHaveBeenCalledOnce();
  });

  it('refuses a malformed phone and an empty name without calling the server', async () => {
    const sent = stubApi();
    renderWithRouter(<ProfileForm profile={profile} onSaved={() => undefined} onLogout={() => undefined} />);
    await userEvent.clear(screen.getByLabelText('Full name'));
    await userEvent.type(screen.getByLabelText('Phone'), 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('A phone number may contain digits, spaces, +, - and brackets.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('uploads a chosen picture at once, previews it, and saves it with the profile', async () => {
    const sent = stubApi();
    renderWithRouter(<ProfileForm profile={profile} onSaved={() => undefined} onLogout={() => undefined} />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;

    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a JPEG, PNG or WebP image.');
    await userEvent.upload(input, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The picture is too large: at most 2 MB.');
    expect(sent).toHaveLength(0);

    await userEvent.upload(input, new File([new Uint8Array(100)], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Profile picture of Mira Petrova' })).toHaveAttribute('src', PREVIEW);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent.map((call) => call.key)).toContain('PUT /api/profile/save'));
    expect(sent.find((call) => call.key === 'PUT /api/profile/save')?.body).toEqual({ profilePicture: PREVIEW });
  });
});
