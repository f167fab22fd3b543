import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NoticeBanner } from './notice-banner';
import { useNoticeClearance } from './toast-clearance';

/** What the toast container reads. */
function Clearance() {
  return <output aria-label="clearance">{useNoticeClearance()}</output>;
}

describe('NoticeBanner', () => {
  afterEach(() => {
    document.cookie = 'notice=; path=/; max-age=0';
  });

  it('starts open with the availability notice', () => {
    render(<NoticeBanner />);
    expect(screen.getByRole('complementary', { name: 'Notice' })).toHaveTextContent(/Delivery in 1–3 working days/);
  });

  it('closes from its keyboard-reachable close button', async () => {
    render(<NoticeBanner />);
    await userEvent.tab();
    const close = screen.getByRole('button', { name: 'Close notice' });
    expect(close).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('complementary', { name: 'Notice' })).not.toBeInTheDocument();
  });

  it('stays closed for the browsing session once closed (a session cookie the server reads too)', async () => {
    const first = render(<NoticeBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'Close notice' }));
    expect(document.cookie).toContain('notice=closed');
    first.unmount();
    // The next page load (or a page outside the public layout and back) starts without it.
    render(<NoticeBanner />);
    expect(screen.queryByRole('complementary', { name: 'Notice' })).not.toBeInTheDocument();
  });

  it('keeps toasts off its line while it is on it, and lets them back when closed', async () => {
    render(
      <>
        <NoticeBanner />
        <Clearance />
      </>,
    );
    const banner = screen.getByRole('complementary', { name: 'Notice' });
    banner.getBoundingClientRect = () => new DOMRect(15, 120, 360, 130);
    window.dispatchEvent(new Event('resize'));
    const clearance = screen.getByRole('status', { name: 'clearance' });
    await waitFor(() => expect(clearance).toHaveTextContent('262px'));
    await userEvent.click(screen.getByRole('button', { name: 'Close notice' }));
    expect(clearance).toBeEmptyDOMElement();
  });

  it('moves with a pointer drag', () => {
    render(<NoticeBanner />);
    const banner = screen.getByRole('complementary', { name: 'Notice' });
    fireEvent.pointerDown(banner, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(banner, { pointerId: 1, clientX: 140, clientY: 160 });
    fireEvent.pointerUp(banner, { pointerId: 1, clientX: 140, clientY: 160 });
    expect(banner.style.getPropertyValue('--drag-x')).toBe('40px');
    expect(banner.style.getPropertyValue('--drag-y')).toBe('60px');

    // A second drag continues from where the first one left it.
    fireEvent.pointerDown(banner, { pointerId: 2, button: 0, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(banner, { pointerId: 2, clientX: -10, clientY: 5 });
    fireEvent.pointerUp(banner, { pointerId: 2 });
    expect(banner.style.getPropertyValue('--drag-x')).toBe('30px');
    expect(banner.style.getPropertyValue('--drag-y')).toBe('65px');
  });

  it('locks page scroll while dragging on narrow screens', () => {
    window.innerWidth = 390;
    render(<NoticeBanner />);
    const banner = screen.getByRole('complementary', { name: 'Notice' });
    fireEvent.pointerDown(banner, { pointerId: 1, button: 0, clientX: 10, clientY: 10 });
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.pointerUp(banner, { pointerId: 1 });
    expect(document.body.style.overflow).toBe('');
    window.innerWidth = 1024;
  });
});
