/** A row of headline figures (a term over its value), for the stats screen's sections. */
import type { ReactNode } from 'react';
import styled from 'styled-components';

export const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: 12px;
  margin: 0;
  div {
    padding: 12px;
    border-radius: ${({ theme }) => theme.radius}px;
    background: ${({ theme }) => theme.palette.background};
  }
  dt {
    font-size: 0.875rem;
    color: ${({ theme }) => theme.palette.textMuted};
  }
  dd {
    margin: 4px 0 0;
    font-size: 1.25rem;
    font-weight: 600;
  }
`;

/** The figures of a section: each a term and its value, in order. */
export function FigureList({ figures }: { figures: ReadonlyArray<readonly [term: string, value: ReactNode]> }) {
  return (
    <Figures>
      {figures.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </Figures>
  );
}
