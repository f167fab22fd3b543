import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BACK_TO_TOP_THRESHOLD_PX } from '@shop/contract';
import { BackToTop } from './back-to-top';

const scrollTo = (y: number) =>
  act(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    window.dispatchEvent(new Event('scroll'));
  });

afterEach(() => scrollTo(0));

describe('BackToTop', () => {
  it('appears past the threshold, and steps aside while the shopper types (the code field’s Apply)', async () => {
    const { container } = render(
      <>
        <label>
          Discount code
          <input />
        </label>
        <button type="button">Apply</button>
        <BackToTop />
      </>,
    );
    const up = container.querySelector('button[aria-label]')!;
    expect(up).toHaveAttribute('data-visible', 'false');
    scrollTo(BACK_TO_TOP_THRESHOLD_PX + 1);
    expect(up).toHaveAttribute('data-visible', 'true');

    await userEvent.click(screen.getByLabelText('Discount code'));
    expect(up).toHaveAttribute('data-visible', 'false');
    expect(up).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(up).toHaveAttribute('data-visible', 'true');
  });
});
