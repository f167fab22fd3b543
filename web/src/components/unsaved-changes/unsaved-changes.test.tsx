import { useState } from 'react';
import { Link } from 'react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render';
import { UnsavedChangesGuard, useUnsavedChanges } from './unsaved-changes';

function NameForm({ label }: { label: string }) {
  const [saved, setSaved] = useState('');
  const [draft, setDraft] = useState('');
  useUnsavedChanges(draft !== saved);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(draft);
      }}
    >
      <label>
        {label}
        <input value={draft} onChange={(event) => setDraft(event.target.value)} />
      </label>
      <button type="submit">Save {label}</button>
    </form>
  );
}

function Page() {
  return (
    <UnsavedChangesGuard>
      <NameForm label="First" />
      <NameForm label="Second" />
      <Link to="/elsewhere">Elsewhere</Link>
    </UnsavedChangesGuard>
  );
}

const renderPage = () =>
  renderWithRouter(<Page />, {
    path: '/admin/settings',
    routes: [{ path: '/elsewhere', element: <h1>Elsewhere</h1> }],
  });

const leaveEvent = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

afterEach(() => vi.restoreAllMocks());

describe('UnsavedChangesGuard', () => {
  it('lets a clean page go without asking', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    renderPage();
    expect(leaveEvent()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeVisible();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks before leaving while any form is dirty, stays when told to, and leaves when told to', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderPage();
    await userEvent.type(screen.getByLabelText('Second'), 'N-18');
    expect(leaveEvent()).toBe(true);

    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes on this page. Leave it and lose them?');
    expect(screen.getByLabelText('Second')).toHaveValue('N-18');

    // Saving the other form does not make this one clean.
    await userEvent.type(screen.getByLabelText('First'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save First' }));
    expect(leaveEvent()).toBe(true);

    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeVisible();
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('stops asking once every form is saved', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    renderPage();
    await userEvent.type(screen.getByLabelText('First'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save First' }));
    expect(leaveEvent()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeVisible();
    expect(confirm).not.toHaveBeenCalled();
  });
});
