import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DiscountCode } from '@shop/contract';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { isoToLocalInput, localInputToIso } from '../../../lib/local-datetime';
import { DiscountCodesScreen } from './discount-codes-screen';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const code = (overrides: Partial<DiscountCode>): DiscountCode =>
  ({
    id: 1,
    code: 'WINTER20',
    kind: 'percent',
    value: 20,
    minSubtotal: 50,
    startsAt: null,
    endsAt: null,
    maxUses: 10,
    maxUsesPerCustomer: 1,
    includeSaleItems: false,
    active: true,
    uses: 3,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  }) as DiscountCode;
const CODES = [
  code({}),
  code({
    id: 2,
    code: 'TENNER',
    kind: 'amount',
    value: 10,
    minSubtotal: null,
    maxUses: null,
    uses: 0,
    includeSaleItems: true,
  }),
  code({ id: 3, code: 'FREESHIP', kind: 'free-delivery', value: null, minSubtotal: null, active: false }),
  code({ id: 5, code: 'MARCH', endsAt: '2026-03-31T20:59:00.000Z' }),
];
const PATH = 'GET /api/admin/discount-codes';

afterEach(() => {
  vi.clearAllMocks();
});

describe('DiscountCodesScreen', () => {
  it('lists each code with its discount, minimum, uses, sale items and switch', async () => {
    fakeApi({ [PATH]: { body: CODES } });
    signIn();
    renderWithApi(<DiscountCodesScreen />);
    const winter = await screen.findByTestId('code-WINTER20');
    expect(winter).toHaveTextContent('20%');
    expect(winter).toHaveTextContent('$50.00');
    expect(winter).toHaveTextContent('3 / 10');
    expect(winter).toHaveTextContent('Excluded');
    expect(within(winter).getByRole('switch', { name: 'WINTER20 active' })).toBeChecked();
    const tenner = screen.getByTestId('code-TENNER');
    expect(tenner).toHaveTextContent('$10.00');
    expect(tenner).toHaveTextContent('0 / no limit');
    expect(tenner).toHaveTextContent('Included');
    const freeship = screen.getByTestId('code-FREESHIP');
    expect(freeship).toHaveTextContent('Free delivery');
    expect(within(freeship).getByRole('switch', { name: 'FREESHIP active' })).not.toBeChecked();
    // A code whose end has passed is marked (issue 45); one without an end is not.
    expect(within(screen.getByTestId('code-MARCH')).getByText('Expired')).toBeVisible();
    expect(within(winter).queryByText('Expired')).toBeNull();
  });

  it('creates a code: the body the contract takes, local times sent with their offset', async () => {
    const created = code({ id: 4, code: 'SPRING-15', value: 15, uses: 0 });
    const calls = fakeApi({
      [PATH]: () => ({ body: calls.some((call) => call.key.startsWith('POST')) ? [...CODES, created] : CODES }),
      'POST /api/admin/discount-codes': { status: 201, body: created },
    });
    signIn();
    renderWithApi(<DiscountCodesScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'New code' }));
    const dialog = screen.getByRole('dialog', { name: 'New discount code' });
    await userEvent.type(within(dialog).getByLabelText('Code'), 'SPRING-15');
    await userEvent.type(within(dialog).getByLabelText('Percentage'), '15');
    await userEvent.type(within(dialog).getByLabelText(/Minimum subtotal/), '40,50');
    const starts = within(dialog).getByLabelText(/Starts/);
    await userEvent.type(starts, '2026-12-01T09:00');
    await userEvent.clear(within(dialog).getByLabelText('Uses per customer'));
    await userEvent.type(within(dialog).getByLabelText('Uses per customer'), '2');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Also applies to items on sale' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create code' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((call) => call.key === 'POST /api/admin/discount-codes');
    expect(post?.body).toEqual({
      code: 'SPRING-15',
      kind: 'percent',
      value: 15,
      minSubtotal: 40.5,
      startsAt: localInputToIso('2026-12-01T09:00'),
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: 2,
      includeSaleItems: true,
      active: true,
    });
    expect(String((post?.body as { startsAt: string }).startsAt)).toMatch(/^2026-12-01T09:00:00[+-]\d\d:\d\d$/);
    expect(await screen.findByTestId('code-SPRING-15')).toBeInTheDocument();
  });

  it('edits a code from its own values, times shown in local time and sent back with their offset', async () => {
    const timed = code({ startsAt: '2026-12-01T07:00:00.000Z', endsAt: '2027-01-31T21:59:00.000Z' });
    const calls = fakeApi({
      [PATH]: { body: [timed] },
      'PUT /api/admin/discount-codes/1': (request) => ({ body: { ...timed, ...(request.body as object) } }),
    });
    signIn();
    renderWithApi(<DiscountCodesScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit WINTER20' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit WINTER20' });
    expect(within(dialog).getByLabelText('Code')).toHaveValue('WINTER20');
    expect(within(dialog).getByRole('radio', { name: 'Percent off' })).toBeChecked();
    expect(within(dialog).getByLabelText('Percentage')).toHaveValue('20');
    expect(within(dialog).getByLabelText(/Minimum subtotal/)).toHaveValue('50.00');
    expect(within(dialog).getByLabelText(/Starts/)).toHaveValue(isoToLocalInput('2026-12-01T07:00:00.000Z'));
    expect(within(dialog).getByLabelText(/Total uses/)).toHaveValue('10');
    await userEvent.clear(within(dialog).getByLabelText('Percentage'));
    await userEvent.type(within(dialog).getByLabelText('Percentage'), '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = calls.find((call) => call.key === 'PUT /api/admin/discount-codes/1')?.body as Record<string, unknown>;
    expect(put).toMatchObject({ code: 'WINTER20', kind: 'percent', value: 25, minSubtotal: 50, maxUses: 10 });
    expect(new Date(put.startsAt as string).toISOString()).toBe('2026-12-01T07:00:00.000Z');
    expect(new Date(put.endsAt as string).toISOString()).toBe('2027-01-31T21:59:00.000Z');
  });

  it('marks what the contract refuses beside its input and sends nothing', async () => {
    const calls = fakeApi({ [PATH]: { body: CODES } });
    signIn();
    renderWithApi(<DiscountCodesScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'New code' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Code'), 'x!');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Amount off' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create code' }));
    const codeInput = within(dialog).getByLabelText('Code');
    expect(codeInput).toHaveAttribute('aria-invalid', 'true');
    expect(codeInput).toHaveAccessibleDescription(
      expect.stringContaining('Give the code: 3 to 32 letters, digits, - or _.'),
    );
    expect(within(dialog).getByLabelText('Amount')).toHaveAccessibleDescription('Give the amount off, e.g. 10.00.');
    expect(calls.filter((call) => call.key.startsWith('POST'))).toHaveLength(0);
  });

  it('shows the server’s field errors beside their inputs, and a taken code on the code field', async () => {
    let answer = {
      status: 400,
      body: { error: 'Invalid', code: 'VALIDATION_ERROR', fields: { endsAt: 'The code must end after it starts' } },
    };
    fakeApi({ [PATH]: { body: CODES }, 'POST /api/admin/discount-codes': () => answer });
    signIn();
    renderWithApi(<DiscountCodesScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'New code' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Code'), 'winter20');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Free delivery' }));
    expect(within(dialog).queryByLabelText('Percentage')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await within(dialog).findByText('Give an end after the start.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Ends/)).toHaveAttribute('aria-invalid', 'true');

    answer = { status: 409, body: { error: 'A code WINTER20 exists', code: 'CONFLICT', fields: {} } } as typeof answer;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(
      await within(dialog).findByText('A code with this name already exists (capitals do not count).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('switches a code off in place with the whole code, and deletes one after a confirm', async () => {
    const calls = fakeApi({
      [PATH]: { body: CODES },
      'PUT /api/admin/discount-codes/1': (request) => ({ body: { ...CODES[0], ...(request.body as object) } }),
      'DELETE /api/admin/discount-codes/2': { status: 204 },
    });
    signIn();
    renderWithApi(<DiscountCodesScreen />);
    await userEvent.click(await screen.findByRole('switch', { name: 'WINTER20 active' }));
    await waitFor(() => expect(calls.some((call) => call.key.startsWith('PUT'))).toBe(true));
    expect(calls.find((call) => call.key.startsWith('PUT'))?.body).toEqual({
      code: 'WINTER20',
      kind: 'percent',
      value: 20,
      minSubtotal: 50,
      startsAt: null,
      endsAt: null,
      maxUses: 10,
      maxUsesPerCustomer: 1,
      includeSaleItems: false,
      active: false,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete TENNER' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this code?' });
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete code' }));
    await waitFor(() => expect(calls.some((call) => call.key === 'DELETE /api/admin/discount-codes/2')).toBe(true));
  });
});
