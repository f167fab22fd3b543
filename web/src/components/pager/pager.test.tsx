import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pager } from './pager';

describe('Pager', () => {
  it("goes back from the last page, not forward, in the page's words; one page shows nothing", async () => {
    const onGo = vi.fn();
    const { rerender } = render(<Pager page={2} pages={2} onGo={onGo} label="Pages of returns" />);
    const nav = screen.getByRole('navigation', { name: 'Pages of returns' });
    expect(nav).toHaveTextContent('Page 2 of 2');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onGo).toHaveBeenCalledWith(1);
    rerender(<Pager page={1} pages={1} onGo={onGo} label="Pages of returns" />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
