import styled from 'styled-components';

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
