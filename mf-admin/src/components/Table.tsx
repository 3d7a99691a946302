import styled from 'styled-components';
import { useT, type AdminMessageKey } from '../i18n';

/** A data table that scrolls sideways on a phone instead of squeezing its columns. */
export const TableScroll = styled.div`
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
  th {
    font-weight: 600;
    white-space: nowrap;
  }
  td.money {
    text-align: right;
    white-space: nowrap;
  }
`;

/** The names under `Prefix.` in this remote's catalog: `ColumnName<'audit.column'>` is "when" | "who" | ... */
type ColumnName<Prefix extends string> = AdminMessageKey extends infer Key ? (Key extends `${Prefix}.${infer Name}` ? Name : never) : never;

/** A table's column headers, in order: the messages `of.name` of this remote's catalog. */
export function ColumnHeads<Prefix extends string>({ of, names }: { of: Prefix; names: ReadonlyArray<ColumnName<Prefix>> }) {
  const t = useT();
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th scope="col" key={name}>
            {t(`${of}.${name}` as AdminMessageKey)}
          </th>
        ))}
      </tr>
    </thead>
  );
}
