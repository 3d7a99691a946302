import { MockProviders } from '@blockpilot/shared/mock';
import { render, screen, within } from '@testing-library/react';
import { DataTable } from './Table';

const QUEUES = [
  { name: 'search', waiting: 3 },
  { name: 'promotion', waiting: 0 },
];

function renderQueues(withWaiting: boolean) {
  render(
    <MockProviders>
      <DataTable
        label="Queues"
        of="engine.queues.column"
        rows={QUEUES}
        rowKey={(queue) => queue.name}
        columns={[{ name: 'queue', kind: 'rowHeader', cell: (queue) => queue.name }, withWaiting && { name: 'waiting', kind: 'money', cell: (queue) => String(queue.waiting) }]}
      />
    </MockProviders>,
  );
}

describe('DataTable', () => {
  it('names every value with its column, which the phone card shows beside it', () => {
    renderQueues(true);
    const table = screen.getByRole('table', { name: 'Queues' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Queue', 'Waiting']);
    const [, first] = within(table).getAllByRole('row');
    const header = within(first!).getByRole('rowheader');
    expect(header).toHaveTextContent('search');
    expect(header).toHaveAttribute('data-label', 'Queue');
    const cell = within(first!).getByRole('cell');
    expect(cell).toHaveTextContent('3');
    expect(cell).toHaveAttribute('data-label', 'Waiting');
    expect(cell).toHaveClass('money');
    expect(cell).not.toHaveClass('blank');
  });

  it('marks a value a row does not have, which a phone card leaves out', () => {
    render(
      <MockProviders>
        <DataTable
          label="Queues"
          of="engine.queues.column"
          rows={QUEUES}
          rowKey={(queue) => queue.name}
          columns={[{ name: 'waiting', cell: (queue) => (queue.waiting === 0 ? '—' : String(queue.waiting)) }]}
        />
      </MockProviders>,
    );
    expect(screen.getAllByRole('cell').map((cell) => cell.classList.contains('blank'))).toEqual([false, true]);
  });

  it('leaves out a column given as false, heading and cells alike', () => {
    renderQueues(false);
    const table = screen.getByRole('table', { name: 'Queues' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(1);
    expect(within(table).queryAllByRole('cell')).toHaveLength(0);
  });
});
