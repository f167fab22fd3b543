import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes/unsaved-changes';
import { GiveCardForm } from './give-card-form';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

const leaving = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

afterEach(() => {
  vi.clearAllMocks();
});

describe('GiveCardForm', () => {
  it('asks before the page is left with a gift half typed, and not once it is given (issue 45 item 2)', async () => {
    const sent = fakeApi({ 'POST /api/admin/gift-cards': { status: 201, body: { id: 1 } } });
    signIn();
    renderWithApi(
      <UnsavedChangesGuard>
        <GiveCardForm />
      </UnsavedChangesGuard>,
    );
    expect(leaving()).toBe(false);
    await userEvent.type(screen.getByLabelText("Recipient's name"), 'Мария');
    expect(leaving()).toBe(true);
    await userEvent.type(screen.getByLabelText('Amount'), '50');
    await userEvent.type(screen.getByLabelText("Recipient's email"), 'maria@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Give card' }));
    await waitFor(() => expect(sent.map((request) => request.key)).toContain('POST /api/admin/gift-cards'));
    await waitFor(() => expect(leaving()).toBe(false));
  });
});
