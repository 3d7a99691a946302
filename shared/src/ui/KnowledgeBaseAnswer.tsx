import styled from 'styled-components';
import type { KnowledgeBaseItem } from '../types';

const Answer = styled.div`
  color: ${({ theme }) => theme.palette.textMuted};
  white-space: pre-line;
`;

/** One line of a multi-line answer; an empty one keeps a full line's height (a blank line). */
const Line = styled.p`
  margin: 0;
  min-height: 1.5em;
`;

/**
 * A knowledge-base answer as drivers see it: a text, or a list of lines in which '' is a blank
 * line (docs/PRODUCT.md section 3). Shared so the console's preview is the help page's rendering.
 */
export function KnowledgeBaseAnswer({ answer }: { answer: KnowledgeBaseItem['answer'] }) {
  if (typeof answer === 'string') return <Answer>{answer}</Answer>;
  return (
    <Answer>
      {answer.map((line, index) => (
        // Lines have no ids and repeat (blank ones), and the list never reorders: the index is the identity.
        <Line key={index} data-blank={line === '' ? '' : undefined}>
          {line}
        </Line>
      ))}
    </Answer>
  );
}
