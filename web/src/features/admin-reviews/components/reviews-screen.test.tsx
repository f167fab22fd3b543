import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReview } from '@shop/contract';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { ReviewsScreen } from './reviews-screen';

const pending: AdminReview = {
  id: 5,
  rating: 4,
  fit: 'small',
  title: '<b>Warm</b>',
  body: 'Soft <script>x</script>',
  author: 'Maria P.',
  size: 'M',
  colorName: 'Onyx',
  createdAt: '2026-11-20T10:00:00.000Z',
  status: 'pending',
  productId: 9,
  productName: 'Noir Hoodie',
  email: 'maria@example.com',
  moderatedAt: null,
};

describe('ReviewsScreen', () => {
  it('lists the waiting reviews as plain text, publishes one, and shows each state by tab', async () => {
    signIn();
    let waiting = [pending];
    const sent = fakeApi({
      'GET /api/admin/reviews?status=pending&lang=en': () => ({ body: { data: waiting } }),
      'POST /api/admin/reviews/5/publish?lang=en': () => {
        waiting = [];
        return { body: { ...pending, status: 'published' } };
      },
      'GET /api/admin/reviews?status=published&lang=en': {
        body: { data: [{ ...pending, status: 'published', moderatedAt: '2026-11-21T10:00:00.000Z' }] },
      },
    });
    const { router } = renderWithApi(<ReviewsScreen />, { path: '/admin/reviews' });
    const panel = await screen.findByRole('tabpanel', { name: 'Waiting' });
    const row = await within(panel).findByRole('row', { name: /Noir Hoodie/ });
    expect(within(row).getByText('<b>Warm</b>')).toBeInTheDocument();
    expect(within(row).getByText('Soft <script>x</script>')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(row).getByText('maria@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Size M · Onyx')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Publish the review “<b>Warm</b>”' }));
    expect(await within(panel).findByText('No review is waiting.')).toBeInTheDocument();
    expect(sent.map((request) => request.key)).toContain('POST /api/admin/reviews/5/publish?lang=en');

    await userEvent.click(screen.getByRole('tab', { name: 'Published' }));
    const published = await screen.findByRole('tabpanel', { name: 'Published' });
    const shown = await within(published).findByRole('row', { name: /Noir Hoodie/ });
    expect(within(shown).queryByRole('button', { name: /Publish/ })).not.toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Hide the review “<b>Warm</b>”' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=published');
  });
});
