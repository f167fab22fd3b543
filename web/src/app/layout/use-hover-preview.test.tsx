import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { renderWithRouter } from '../../test/render';
import { PREVIEW_GRACE_MS, useHoverPreview } from './use-hover-preview';

function CartWithPreview() {
  const { open, areaProps } = useHoverPreview();
  return (
    <div data-testid="area" {...areaProps}>
      <Link to="/cart">Cart</Link>
      <div data-testid="preview" data-open={open}>
        <Link to="/cart">View Cart</Link>
      </div>
    </div>
  );
}

const preview = () => screen.getByTestId('preview');

describe('useHoverPreview (the navbar cart preview)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens under the mouse and closes a moment after the mouse leaves', () => {
    vi.useFakeTimers();
    renderWithRouter(<CartWithPreview />);
    const area = screen.getByTestId('area');
    fireEvent.pointerEnter(area, { pointerType: 'mouse' });
    expect(preview()).toHaveAttribute('data-open', 'true');

    fireEvent.pointerLeave(area, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(PREVIEW_GRACE_MS - 50);
    });
    expect(preview()).toHaveAttribute('data-open', 'true');
    // Coming back within the grace period keeps it open.
    fireEvent.pointerEnter(area, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(PREVIEW_GRACE_MS * 2);
    });
    expect(preview()).toHaveAttribute('data-open', 'true');

    fireEvent.pointerLeave(area, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(PREVIEW_GRACE_MS);
    });
    expect(preview()).toHaveAttribute('data-open', 'false');
  });

  it('closes when View Cart navigates, though the mouse is still over it', async () => {
    const { router } = renderWithRouter(<CartWithPreview />, { path: '/clothing' });
    fireEvent.pointerEnter(screen.getByTestId('area'), { pointerType: 'mouse' });
    await userEvent.click(screen.getByRole('link', { name: 'View Cart' }));
    expect(router.state.location.pathname).toBe('/cart');
    expect(preview()).toHaveAttribute('data-open', 'false');
  });

  it('opens on keyboard focus, stays open while focus is inside, and closes on Escape or leaving', async () => {
    renderWithRouter(<CartWithPreview />);
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveFocus();
    expect(preview()).toHaveAttribute('data-open', 'true');
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'View Cart' })).toHaveFocus();
    expect(preview()).toHaveAttribute('data-open', 'true');

    await userEvent.keyboard('{Escape}');
    expect(preview()).toHaveAttribute('data-open', 'false');
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveFocus();

    await userEvent.tab();
    await userEvent.tab({ shift: true });
    expect(preview()).toHaveAttribute('data-open', 'true');
    await userEvent.tab({ shift: true });
    expect(preview()).toHaveAttribute('data-open', 'false');
  });

  it('does not open for a touch, which follows the link instead', () => {
    renderWithRouter(<CartWithPreview />);
    fireEvent.pointerEnter(screen.getByTestId('area'), { pointerType: 'touch' });
    expect(preview()).toHaveAttribute('data-open', 'false');
  });
});
