/**
 * A console search box whose query lives in the URL (`?q=`), so a search can be linked, shared
 * with a colleague and survives a reload. The screen reads the submitted query and loads with it.
 */
import { Button, TextField } from '@blockpilot/shared/ui';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../i18n';

const SearchForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 12px;
  margin-bottom: 16px;
  > :first-child {
    flex: 1 1 280px;
  }
`;

/** The submitted query, and the form to type the next one (`label` names the search box, `hint` says what it matches). */
export function useUrlSearch(label: string, hint?: string): { query: string; form: ReactElement } {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [typed, setTyped] = useState(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(typed.trim() ? { q: typed.trim() } : {});
  };
  const form = (
    <SearchForm role="search" onSubmit={submit}>
      <TextField label={label} helperText={hint} name="q" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
      <Button type="submit">{t('common.search')}</Button>
    </SearchForm>
  );
  return { query, form };
}
