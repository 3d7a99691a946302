/** Layout pieces every account section shares. */
import { Form } from '@blockpilot/shared/ui';
import styled from 'styled-components';

/** A paragraph of a section. */
export const SectionText = styled.p`
  margin: 0 0 12px;
`;

/** A form inside a section: one column, kept to a readable width on wide screens. */
export const SectionForm = styled(Form)`
  max-width: 520px;
`;
