/**
 * The figures of a chart as a real table with a caption: what screen readers read in place of the
 * picture, and what anyone sees after "Show the figures as tables". Hidden from sight only (still
 * in the accessibility tree) until then.
 */
import { visuallyHidden } from '@blockpilot/shared/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

/** Scrolls sideways on a phone rather than squeezing the columns; focusable so a keyboard can scroll it. */
const Scroll = styled.div`
  overflow-x: auto;
  margin-top: 12px;
`;

const Hidden = styled.div`
  ${visuallyHidden}
`;

const Table = styled.table`
  border-collapse: collapse;
  font-size: 0.875rem;
  caption {
    text-align: left;
    font-weight: 600;
    margin-bottom: 4px;
  }
  th,
  td {
    padding: 6px 10px;
    border-bottom: 1px solid ${({ theme }) => theme.palette.divider};
    text-align: right;
    white-space: nowrap;
  }
  th[scope='row'],
  thead th:first-child {
    text-align: left;
  }
`;

export interface DataTableProps {
  caption: string;
  /** Column headings; the first heads the row labels. */
  columns: readonly string[];
  /** Each row: its label, then one cell per further column. */
  rows: ReadonlyArray<readonly [string, ...ReactNode[]]>;
  /** Visible; otherwise for screen readers only. */
  shown: boolean;
}

export function DataTable({ caption, columns, rows, shown }: DataTableProps) {
  const table = (
    <Table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, ...cells]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            {cells.map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
  return shown ? (
    <Scroll role="region" aria-label={caption} tabIndex={0}>
      {table}
    </Scroll>
  ) : (
    <Hidden>{table}</Hidden>
  );
}
