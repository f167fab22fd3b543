import { act, render, screen } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { serverDataFresh } from '../lib/swr';
import { AppProviders } from './providers';

function Products({ fetcher }: { fetcher: (key: string) => Promise<string> }) {
  const { data } = useSWR('/products?lang=en', fetcher);
  return <p>{data ?? 'nothing'}</p>;
}

const renderFresh = (fresh: ReturnType<typeof serverDataFresh>, fetcher: (key: string) => Promise<string>) =>
  render(
    // A cache of its own: no other test's answers.
    <SWRConfig value={{ provider: () => new Map() }}>
      <AppProviders fallback={{ '/products?lang=en': 'as rendered' }} use={fresh.use}>
        <Products fetcher={fetcher} />
      </AppProviders>
    </SWRConfig>,
  );

describe('the server-rendered page’s data', () => {
  it('is not fetched again on the first render, and is once the visitor has navigated', async () => {
    const fetcher = vi.fn(() => Promise.resolve('fetched'));
    const fresh = serverDataFresh(['/products?lang=en']);
    const first = renderFresh(fresh, fetcher);
    expect(screen.getByText('as rendered')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fetcher).not.toHaveBeenCalled();
    first.unmount();

    fresh.stale();
    renderFresh(fresh, fetcher);
    expect(await screen.findByText('fetched')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('leaves keys the server did not render to be fetched on mount', async () => {
    const fetcher = vi.fn(() => Promise.resolve('fetched'));
    renderFresh(serverDataFresh(['/settings']), fetcher);
    expect(await screen.findByText('fetched')).toBeInTheDocument();
  });
});
