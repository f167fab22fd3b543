import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { DataTable } from './data-table';
import table from './table.module.css';

describe('DataTable', () => {
  const columns = [
    { label: 'Name' },
    { label: 'Total', kind: 'number' },
    { label: 'Actions', kind: 'actions', hidden: true },
  ] as const;
  const row = (
    <tr>
      <th scope="row">Mira</th>
      <td>€12.00</td>
      <td>
        <button type="button">Delete Mira</button>
      </td>
    </tr>
  );

  it('is named by its caption and heads its columns, the actions’ heading for screen readers only', () => {
    render(
      <DataTable caption="3 users" columns={columns}>
        {row}
      </DataTable>,
    );
    const grid = screen.getByRole('table', { name: '3 users' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((head) => head.textContent),
    ).toEqual(['Name', 'Total', 'Actions']);
    expect(within(grid).getByRole('columnheader', { name: 'Total' })).toHaveClass(table.number!);
    expect(within(grid).getByText('Actions')).toHaveClass('visually-hidden');
    expect(within(grid).getByText('3 users')).toHaveClass('visually-hidden');
    expect(within(grid).getByRole('rowheader', { name: 'Mira' })).toBeInTheDocument();
  });

  it('shows a caption given a class, takes its name from a heading, and says when its rows reload', () => {
    const { rerender } = render(
      <DataTable caption="Measurements" captionClassName="" columns={columns}>
        {row}
      </DataTable>,
    );
    expect(screen.getByText('Measurements')).not.toHaveClass('visually-hidden');
    expect(screen.getByRole('table').parentElement).not.toHaveAttribute('aria-busy');

    rerender(
      <>
        <h3 id="history">Price history</h3>
        <DataTable labelledBy="history" busy columns={columns}>
          {row}
        </DataTable>
      </>,
    );
    expect(screen.getByRole('table', { name: 'Price history' }).parentElement).toHaveAttribute('aria-busy', 'true');
  });

  it('names each cell beside its value on a phone when labelled (a table of figures), and only then', () => {
    const { rerender } = render(<DataTable columns={columns}>{row}</DataTable>);
    expect(screen.getByRole('table')).not.toHaveClass(table.labelled!);
    rerender(
      <DataTable labelled columns={columns}>
        {row}
      </DataTable>,
    );
    expect(screen.getByRole('table')).toHaveClass(table.table!, table.labelled!);
  });
});
