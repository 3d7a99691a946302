import { useState } from 'react';
import styled from 'styled-components';
import { EyeIcon, EyeOffIcon } from './icons';
import { focusRing } from './styles';
import { TextField, type TextFieldProps } from './TextField';
import { useSharedT } from '../i18n/sharedCatalog';

const Toggle = styled.button`
  width: ${({ theme }) => theme.touchTarget}px;
  height: ${({ theme }) => theme.touchTarget}px;
  display: flex;
  align-items: center;
  justify-content: center;
  border: 0;
  border-radius: ${({ theme }) => theme.radius}px;
  background: transparent;
  color: ${({ theme }) => theme.palette.textMuted};
  cursor: pointer;
  &:focus-visible {
    ${focusRing}
    outline-offset: -3px;
  }
`;

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'endAdornment' | 'locked'>;

/**
 * A password input with a show/hide button. The button keeps its name ("Show password") and
 * reports its state with `aria-pressed`, as screen readers expect of a toggle.
 */
export function PasswordField({ disabled, ...props }: PasswordFieldProps) {
  const t = useSharedT();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      disabled={disabled}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      endAdornment={
        <Toggle type="button" aria-label={t('showPassword')} aria-pressed={visible} disabled={disabled} onClick={() => setVisible((v) => !v)}>
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </Toggle>
      }
    />
  );
}
