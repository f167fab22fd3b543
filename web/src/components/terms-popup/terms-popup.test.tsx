import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@shop/contract';
import { renderWithRouter } from '../../test/render';
import { TermsPopup } from './terms-popup';

const clearTermsCookie = () => (document.cookie = 'terms=; path=/; max-age=0');
const hydrated: Root[] = [];

/** The page as the server renders it, then hydrated in the browser; errors React reports are kept. */
async function serverRenderThenHydrate(path = '/clothing') {
  const page = () => (
    <RouterProvider router={createMemoryRouter([{ path: '*', element: <TermsPopup /> }], { initialEntries: [path] })} />
  );
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(page());
  document.body.append(container);
  const html = container.innerHTML;
  const errors: unknown[] = [];
  // As Testing Library's own render does: React's act() warns outside a test environment.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await act(async () => {
    hydrated.push(hydrateRoot(container, page(), { onRecoverableError: (error) => errors.push(error) }));
  });
  return { container, html, errors };
}

describe('TermsPopup', () => {
  afterEach(() => {
    cleanup();
    act(() => hydrated.splice(0).forEach((root) => root.unmount()));
    clearTermsCookie();
    document.body.innerHTML = '';
  });

  it('is a labelled modal dialog whose Submit needs the checkbox', async () => {
    renderWithRouter(<TermsPopup />);
    const dialog = screen.getByRole('dialog', { name: 'Before you step in' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('link', { name: 'Read the terms and conditions' })).toHaveAttribute('href', '/terms');

    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /accept the terms/ }));
    expect(submit).toBeEnabled();
  });

  it('stores the acceptance, with its cookie copy for the server, and disappears on Submit', async () => {
    renderWithRouter(<TermsPopup />);
    await userEvent.click(screen.getByRole('checkbox', { name: /accept the terms/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(localStorage.getItem(STORAGE_KEYS.acceptedTerms)).toBe('true');
    expect(document.cookie).toContain('terms=accepted');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays hidden once accepted', () => {
    localStorage.setItem(STORAGE_KEYS.acceptedTerms, 'true');
    renderWithRouter(<TermsPopup />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is hidden on /terms', () => {
    renderWithRouter(<TermsPopup />, { path: '/terms' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is hidden on /unsubscribe: leaving the newsletter takes one click', () => {
    renderWithRouter(<TermsPopup />, { path: '/unsubscribe' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps keyboard focus inside the dialog', async () => {
    renderWithRouter(<TermsPopup />);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 5; i++) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it("is in a first visit's server-rendered HTML, as a form that works before the app runs", async () => {
    const { container, html, errors } = await serverRenderThenHydrate();
    // Painted with the page: no waiting for the app to start (the largest paint of /clothing on phones).
    expect(html).toContain('role="dialog"');
    const form = container.querySelector('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/accept-terms');
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*required/);
    expect(html).not.toMatch(/<button[^>]*disabled/);

    // Hydrated without a mismatch; from then on Submit waits for the tick, and the page behind is inert.
    expect(errors).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Before you step in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('leaves the page behind it inert, but not itself, when rendered in place', async () => {
    const root = document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
    const page = (
      <div>
        <button type="button">Behind</button>
        <TermsPopup />
      </div>
    );
    render(<RouterProvider router={createMemoryRouter([{ path: '*', element: page }])} />, { container: root });
    expect(screen.getByRole('dialog').closest('[inert]')).toBeNull();
    expect(screen.getByText('Behind')).toHaveAttribute('inert');
    await userEvent.click(screen.getByRole('checkbox', { name: /accept the terms/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Behind')).not.toHaveAttribute('inert');
  });

  it('is not in the HTML once accepted (the cookie), and hydrates to nothing', async () => {
    document.cookie = 'terms=accepted; path=/';
    const { html, errors } = await serverRenderThenHydrate();
    expect(html).toBe('');
    expect(errors).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // An acceptance sent without JavaScript (the server set the cookie) becomes the spec's flag.
    expect(localStorage.getItem(STORAGE_KEYS.acceptedTerms)).toBe('true');
  });

  it('goes away after hydration for an acceptance stored before the cookie existed, and writes the cookie', async () => {
    localStorage.setItem(STORAGE_KEYS.acceptedTerms, 'true');
    const { html, errors } = await serverRenderThenHydrate();
    expect(html).toContain('role="dialog"');
    expect(errors).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.cookie).toContain('terms=accepted');
  });
});
