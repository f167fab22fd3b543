import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { fakeApi, renderWithApi, signIn } from '../../test/fake-api';
import AdminNavIcons from './admin-nav-icons';

/** The strip's layout on a 390 px phone, which jsdom does not compute: 14 icons of 38 px in 358 px. */
function phoneLayout() {
  const icon = 38;
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'NAV' ? 358 : icon;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'NAV' ? 14 * icon : icon;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(() => icon);
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
    const links = [...(this.parentElement?.children ?? [])];
    return Math.max(0, links.indexOf(this)) * icon;
  });
}

afterEach(() => vi.restoreAllMocks());

describe("The admin's icon strip", () => {
  it('on a phone, scrolls the current screen’s icon into the middle, and says which side has more', async () => {
    phoneLayout();
    fakeApi({ 'GET /api/admin/returns?status=open&page=1&limit=1': { body: { data: [], total: 0, open: 0 } } });
    signIn();
    const { router } = renderWithApi(<AdminNavIcons />, { path: '/admin/settings' });
    const strip = await screen.findByRole('navigation', { name: 'Admin tools' });
    const settings = screen.getByRole('link', { name: 'Shop settings' });
    expect(settings).toHaveAttribute('aria-current', 'page');
    // The 14th icon: 13 × 38 px in, centred in 358 px, as far as the strip scrolls (532 − 358).
    expect(strip.scrollLeft).toBe(14 * 38 - 358);
    expect(strip).toHaveAttribute('data-at-start', 'false');
    expect(strip).toHaveAttribute('data-at-end', 'true');

    await act(() => router.navigate('/admin/gift-cards'));
    // The 9th icon, centred: 8 × 38 − (358 − 38) / 2.
    expect(strip.scrollLeft).toBe(8 * 38 - 160);

    await act(() => router.navigate('/admin/dashboard'));
    expect(strip.scrollLeft).toBe(0);
    expect(strip).toHaveAttribute('data-at-start', 'true');
    expect(strip).toHaveAttribute('data-at-end', 'false');
  }, 20_000);
});
