import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import type { CourierOffice } from '@shop/contract';
import { fakeApi, renderWithApi } from '../../test/fake-api';
import { OfficePicker } from './office-picker';

const office = (id: number, name: string, kind: CourierOffice['kind'] = 'office'): CourierOffice => ({
  id,
  courier: 'builtin',
  kind,
  name,
  city: 'Sofia',
  postcode: '1000',
  address: `${id} Vitosha Blvd`,
});

const SOFIA = [office(1, 'Sofia Centre'), office(2, 'Sofia Lozenets'), office(3, 'Sofia Mladost')];
const VITOSHA = [office(4, 'Sofia Vitosha'), office(5, 'Sofia Vitosha locker', 'locker')];

function renderPicker(onPick = vi.fn(), refreshInterval = 0) {
  renderWithApi(
    <SWRConfig value={{ refreshInterval }}>
      <OfficePicker
        lang="en"
        cities={[{ name: 'Sofia', postcode: '1000', offices: 5 }]}
        city="Sofia"
        officeId={null}
        officeLabel=""
        onCity={vi.fn()}
        onPick={onPick}
      />
    </SWRConfig>,
  );
  return onPick;
}

describe('the office picker', () => {
  it('starts a search’s answer at the top, whatever the arrows did on the list shown before it came', async () => {
    const pending: { answer?: (offices: CourierOffice[]) => void } = {};
    fakeApi({
      'GET /api/couriers/offices?city=Sofia&lang=en': { body: SOFIA },
      'GET /api/couriers/offices?city=Sofia&lang=en&q=Vitosha': () =>
        new Promise<Response>((resolve) => {
          pending.answer = (offices) => resolve(Response.json(offices));
        }),
    });
    const onPick = renderPicker();
    const user = userEvent.setup();
    const search = screen.getByRole('combobox', { name: 'Office or locker' });
    await user.click(search);
    const list = screen.getByRole('listbox', { name: 'Offices and lockers in Sofia' });
    await screen.findByRole('option', { name: /Sofia Mladost/ });
    expect(list).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('3 offices and lockers found.');

    // The words typed: the city's whole list stays until the search answers, and says it is busy.
    await user.type(search, 'Vitosha');
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(search).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Sofia Mladost/ }).id);

    await waitFor(() => expect(pending.answer).toBeDefined());
    pending.answer!(VITOSHA);
    await screen.findByRole('option', { name: /Sofia Vitosha locker/ });
    expect(list).toHaveAttribute('aria-busy', 'false');
    const [first, second] = within(list).getAllByRole('option');
    expect(search).toHaveAttribute('aria-activedescendant', first!.id);
    await user.keyboard('{ArrowDown}');
    expect(search).toHaveAttribute('aria-activedescendant', second!.id);
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(VITOSHA[1]);
  });

  it('keeps its list and its count while the same search is asked again (the data refresh)', async () => {
    let asked = 0;
    const sent = fakeApi({
      'GET /api/couriers/offices?city=Sofia&lang=en': () => {
        asked += 1;
        // The refresh stays unanswered: the test looks at the list while it is asked again.
        return asked === 1 ? Response.json(SOFIA) : new Promise<Response>(() => undefined);
      },
    });
    renderPicker(vi.fn(), 100);
    await userEvent.setup().click(screen.getByRole('combobox', { name: 'Office or locker' }));
    await screen.findByRole('option', { name: /Sofia Mladost/ });
    await waitFor(() => expect(sent.length).toBeGreaterThan(1));
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('3 offices and lockers found.');
  });
});
