import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Review, ReviewList } from '@shop/contract';
import i18n from '../../../lib/i18n';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { ProductReviews } from './product-reviews';

const review = (id: number, extra: Partial<Review> = {}): Review => ({
  id,
  rating: 5,
  fit: 'true',
  title: `Review ${id}`,
  body: 'Lovely.',
  author: 'Maria P.',
  size: 'M',
  colorName: 'Onyx',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const summary = { average: 4.5, count: 12, fit: { small: 7, true: 3, large: 1 } };
const page1: ReviewList = {
  data: [
    review(12, { title: '<b>Bold?</b>', body: '<img src=x onerror=alert(1)>\nSecond line', rating: 4, fit: 'small' }),
    ...Array.from({ length: 9 }, (_, index) => review(11 - index)),
  ],
  total: 12,
  summary,
};
const page2: ReviewList = { data: [review(2), review(1)], total: 12, summary };
const none: ReviewList = {
  data: [],
  total: 0,
  summary: { average: null, count: 0, fit: { small: 0, true: 0, large: 0 } },
};

describe('ProductReviews', () => {
  it('shows the average, the count, how the fit runs, the notice and the reviews as plain text, a page at a time', async () => {
    const sent = fakeApi({
      'GET /api/products/7/reviews?lang=en&page=1': { body: page1 },
      'GET /api/products/7/reviews?lang=en&page=2': { body: page2 },
    });
    renderWithApi(<ProductReviews productId={7} lang="en" isLoggedIn={false} />);
    const section = await screen.findByRole('region', { name: 'Reviews' });
    expect(await within(section).findByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(within(section).getByText('4.5 out of 5')).toBeInTheDocument();
    expect(within(section).getByText('12 reviews')).toBeInTheDocument();
    expect(within(section).getByText('Runs small')).toBeInTheDocument();
    expect(
      within(section).getByText(
        'Only customers with a delivered order can review; every review is read before it appears.',
      ),
    ).toBeInTheDocument();

    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(within(items[0]!).getByRole('heading', { name: '<b>Bold?</b>' })).toBeInTheDocument();
    expect(items[0]!.querySelector('img, b')).toBeNull();
    expect(items[0]!.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(items[0]!.textContent).toContain('Maria P. · Size M · Onyx · Runs small');

    expect(within(section).getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Next' }));
    expect(await within(section).findByText('Page 2 of 2')).toBeInTheDocument();
    expect(await within(section).findByRole('heading', { name: 'Review 1' })).toBeInTheDocument();
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
    expect(sent.map((request) => request.key)).toContain('GET /api/products/7/reviews?lang=en&page=2');
    // Logged out: a way to log in, no form.
    expect(within(section).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Send review' })).not.toBeInTheDocument();
  });

  it('says so in Bulgarian, with no stars while there is no review, and what returns said of the size', async () => {
    await i18n.changeLanguage('bg');
    const returned = { ...none, summary: { ...none.summary, returned: { small: 3, large: 1 } } };
    fakeApi({ 'GET /api/products/7/reviews?lang=bg&page=1': { body: returned } });
    renderWithApi(<ProductReviews productId={7} lang="bg" isLoggedIn={false} />);
    expect(await screen.findByText('Все още няма отзиви.')).toBeInTheDocument();
    expect(screen.getByText('Върнати заради размера:').parentElement).toHaveTextContent(
      'Върнати заради размера: твърде малък: 3 · твърде голям: 1',
    );
    expect(
      screen.getByText(
        'Отзиви могат да пишат само клиенти с доставена поръчка; всеки отзив се прочита, преди да бъде публикуван.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('lets a signed-in shopper review: the missing parts named, NOT_A_BUYER and ALREADY_REVIEWED said kindly, success waits for moderation', async () => {
    signIn();
    let answer: { status: number; body: unknown } = {
      status: 403,
      body: { error: 'Only customers with a delivered order of this product can review it.', code: 'NOT_A_BUYER' },
    };
    const sent = fakeApi({
      'GET /api/products/7/reviews?lang=en&page=1': { body: none },
      'GET /api/products/7/reviews/mine': { body: { canReview: true, reason: null } },
      'POST /api/products/7/reviews': () => answer,
    });
    renderWithApi(<ProductReviews productId={7} lang="en" isLoggedIn />);
    const form = await screen.findByRole('form', { name: 'Write a review' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send review' }));
    expect(within(form).getByText('Choose a rating from 1 to 5 stars.')).toBeInTheDocument();
    expect(within(form).getByText('Give your review a title.')).toBeInTheDocument();
    expect(within(form).getByText('Write what you thought of it.')).toBeInTheDocument();
    expect(sent.filter((request) => request.key.startsWith('POST'))).toEqual([]);

    await userEvent.click(within(form).getByRole('radio', { name: '4 stars' }));
    await userEvent.click(within(form).getByRole('radio', { name: 'Runs large' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Title' }), '  Warm  ');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Your review' }), 'Soft and warm.');
    await userEvent.click(within(form).getByRole('button', { name: 'Send review' }));
    expect(
      await within(form).findByText(/Once your order arrives, we would love to hear from you/),
    ).toBeInTheDocument();
    expect(sent.at(-1)!.body).toEqual({ rating: 4, fit: 'large', title: 'Warm', body: 'Soft and warm.' });

    answer = { status: 409, body: { error: 'You have already reviewed this product.', code: 'ALREADY_REVIEWED' } };
    await userEvent.click(within(form).getByRole('button', { name: 'Send review' }));
    expect(await within(form).findByText('You have already reviewed this product. Thank you!')).toBeInTheDocument();

    answer = { status: 201, body: { id: 1, status: 'pending' } };
    await userEvent.click(within(form).getByRole('button', { name: 'Send review' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/waits for moderation/);
  });

  it.each([
    ['not-a-buyer', 'Reviews come from customers who received this piece: once your order of it is delivered'],
    ['admin', 'an admin account without such an order cannot review it'],
    ['already-reviewed', 'You have already reviewed this piece. Thank you.'],
  ])('offers no form to one who may not review (%s), and says why (issue 45)', async (reason, words) => {
    signIn();
    fakeApi({
      'GET /api/products/7/reviews?lang=en&page=1': { body: none },
      'GET /api/products/7/reviews/mine': { body: { canReview: false, reason } },
    });
    renderWithApi(<ProductReviews productId={7} lang="en" isLoggedIn />);
    expect(await screen.findByText(new RegExp(words.replace(/[.]/g, '\\.')))).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
  });
});
