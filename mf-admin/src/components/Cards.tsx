import styled from 'styled-components';

/** A list of cards (articles, promotions), one under the other. */
export const CardList = styled.ol`
  list-style: none;
  margin: 16px 0 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

/** A card's title and its status chip on one line. */
export const CardHeading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  h2 {
    margin: 0;
    font-size: 1.1rem;
  }
`;
