/**
 * Pieces the dashboard's own pages (Stats, Calendar) are laid out with: the column of cards, the bar
 * naming the span shown with its previous/next buttons, and a card with a heading.
 */
import { Paper } from '@blockpilot/shared/ui';
import styled from 'styled-components';

export const PageStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

/** The span shown (its h2, read out when it changes) and the buttons that move it. */
export const SpanBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  h2 {
    margin: 0;
    font-size: 1.125rem;
    font-weight: 600;
  }
`;

export const ButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** A card with an h2 title and paragraphs. */
export const SectionCard = styled(Paper)`
  h2 {
    margin: 0 0 12px;
    font-size: 1.125rem;
    font-weight: 600;
  }
  p {
    margin: 0 0 8px;
  }
`;
