/**
 * The language switch (docs/FRONTEND.md, "Languages"): in the navigation and in the account. Each
 * language is listed in itself ("Español"), so a driver who cannot read the current one finds theirs.
 */
import { useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { LANGUAGE_NAMES, LANGUAGES } from '../constants';
import { isLanguage } from '../rules';
import { useLanguage } from '../i18n/react';
import { useSharedT } from '../i18n/sharedCatalog';
import { notify } from '../notify';
import { Select } from './Select';

const Compact = styled.select`
  min-height: 48px;
  padding: 0 8px;
  border: 1px solid ${({ theme }) => theme.palette.divider};
  border-radius: ${({ theme }) => theme.radius}px;
  background: transparent;
  color: inherit;
  cursor: pointer;
`;

const OPTIONS = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }));

/** `compact`: a bare select for the navigation bar (named by its aria-label); else a labelled form field. */
export function LanguageSwitch({ compact = false, id }: { compact?: boolean; id?: string }) {
  const t = useSharedT();
  const { language, changeLanguage } = useLanguage();
  const [pending, setPending] = useState(false);
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value;
    if (!isLanguage(next)) return;
    setPending(true);
    changeLanguage(next)
      .catch((error: Error) => notify(t('languageSaveFailed', { message: error.message }), 'error'))
      .finally(() => setPending(false));
  };
  if (compact) {
    return (
      <Compact id={id} aria-label={t('language')} value={language} onChange={onChange} disabled={pending} lang={language}>
        {OPTIONS.map((option) => (
          <option key={option.value} value={option.value} lang={option.value}>
            {option.label}
          </option>
        ))}
      </Compact>
    );
  }
  return <Select id={id} label={t('language')} options={OPTIONS} value={language} onChange={onChange} disabled={pending} />;
}
