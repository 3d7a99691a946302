import { down } from '@blockpilot/shared';
import type { Key, ReactNode } from 'react';
import styled from 'styled-components';
import { useT, type AdminMessageKey } from '../i18n';

/**
 * A data table. From 600 px up it is a table that scrolls sideways when it must; below, each row
 * is a card that names every value with its column (docs/OPERATIONS.md "A console on a phone"),
 * so credit, action and reason are on screen without scrolling sideways.
 */
const TableFrame = styled.div`
  overflow-x: auto;
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.9375rem;
  }
  th,
  td {
    text-align: left;
    padding: 8px;
    border-bottom: 1px solid ${({ theme }) => theme.palette.divider};
    vertical-align: top;
  }
  thead th {
    font-weight: 600;
    white-space: nowrap;
  }
  td.money {
    text-align: right;
    white-space: nowrap;
  }
  ${down('sm')} {
    overflow-x: visible;
    /* The headings stay for screen readers; each card names its values itself. */
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    tbody {
      display: flex;
      flex-direction: column;
      gap: 12px;
    }
    tr {
      display: block;
      border: 1px solid ${({ theme }) => theme.palette.divider};
      border-radius: ${({ theme }) => theme.radius}px;
      padding: 4px 12px;
    }
    th,
    td,
    td.money {
      display: grid;
      grid-template-columns: minmax(6.5rem, 38%) minmax(0, 1fr);
      gap: 8px;
      padding: 6px 0;
      text-align: left;
      white-space: normal;
      overflow-wrap: anywhere;
    }
    tr > :last-child {
      border-bottom: none;
    }
    /* A card leaves out what a row does not have ('—'), so the values that matter stay close. */
    .blank {
      display: none;
    }
    [data-label]::before {
      content: attr(data-label);
      font-weight: 600;
      color: ${({ theme }) => theme.palette.textMuted};
    }
  }
`;

/** The names under `Prefix.` in this remote's catalog: `ColumnName<'audit.column'>` is "when" | "who" | ... */
type ColumnName<Prefix extends string> = AdminMessageKey extends infer Key ? (Key extends `${Prefix}.${infer Name}` ? Name : never) : never;

/** One column: its heading's name in the catalog and the value a row shows in it. */
export interface Column<Row, Prefix extends string> {
  name: ColumnName<Prefix>;
  cell: (row: Row) => ReactNode;
  /** `money` aligns amounts right on a wide screen; `rowHeader` makes the cell name its row. */
  kind?: 'money' | 'rowHeader';
}

interface DataTableProps<Row, Prefix extends string> {
  /** The table's accessible name. */
  label: string;
  /** The catalog prefix of the column headings: `of.name`. */
  of: Prefix;
  columns: ReadonlyArray<Column<Row, Prefix> | false>;
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
}

/** A value a row does not have: nothing, or the dash the console writes for it. */
const isBlank = (value: ReactNode) => value === null || value === undefined || value === false || value === '' || value === '—';

/** A table of rows under catalog-named columns that turns into one card per row on a phone. */
export function DataTable<Row, Prefix extends string>({ label, of, columns, rows, rowKey }: DataTableProps<Row, Prefix>) {
  const t = useT();
  const shown = columns.filter((column): column is Column<Row, Prefix> => column !== false);
  const headings = shown.map((column) => t(`${of}.${column.name}` as AdminMessageKey));
  return (
    <TableFrame>
      <table aria-label={label}>
        <thead>
          <tr>
            {shown.map((column, index) => (
              <th scope="col" key={column.name}>
                {headings[index]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {shown.map((column, index) => {
                const value = column.cell(row);
                if (column.kind === 'rowHeader')
                  return (
                    <th scope="row" key={column.name} data-label={headings[index]}>
                      <span>{value}</span>
                    </th>
                  );
                const className = [column.kind, isBlank(value) && 'blank'].filter(Boolean).join(' ') || undefined;
                return (
                  <td key={column.name} data-label={headings[index]} className={className}>
                    <span>{value}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
