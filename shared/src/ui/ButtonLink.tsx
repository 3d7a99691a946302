import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { buttonStyles, type ButtonVariant } from './Button';

/** A router link that looks like a {@link Button} ("Sign in", "Try free"). */
export const ButtonLink = styled(Link)<{ $variant?: ButtonVariant; $block?: boolean }>`
  ${buttonStyles}
`;
