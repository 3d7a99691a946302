import { api, type KnowledgeBaseItem, PAGES } from '@blockpilot/shared';
import { useLanguage } from '@blockpilot/shared/i18n';
import { Button, Collapsible, KnowledgeBaseAnswer, Notice, Page, Paper, Spinner, tint } from '@blockpilot/shared/ui';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../i18n';

type Load = { kind: 'loading' } | { kind: 'ready'; items: KnowledgeBaseItem[] } | { kind: 'failed' };

const List = styled(Paper)`
  padding: 4px 12px;
  /* Room for a few items while loading, so the page does not jump when they arrive. */
  min-height: 240px;
`;

const StateBox = styled.div`
  padding: 16px 8px;
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 12px;
`;

const AskRow = styled(Link)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  min-height: ${({ theme }) => theme.touchTarget + 8}px;
  padding: 12px 8px;
  font-weight: 600;
  text-decoration: none;
  color: ${({ theme }) => theme.palette.primary};
  &:hover {
    background: ${({ theme }) => tint(theme.palette.primary, 5)};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.palette.text};
    outline-offset: -3px;
  }
`;

/**
 * /knowledgeBase (signed in): collapsible questions and answers from the server, in the page's
 * language (asked again when the driver changes it), then a row to ask your own question on /help. A failed load is only logged (docs/PRODUCT.md section 8); the page then
 * says the articles are not available and offers a retry.
 */
export function KnowledgeBase() {
  const t = useT();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const { language } = useLanguage();

  const fetchItems = useCallback(() => {
    let live = true;
    setLoad({ kind: 'loading' });
    api.knowledgeBase.list().then(
      (items) => live && setLoad({ kind: 'ready', items: Array.isArray(items) ? items : [] }),
      (error: unknown) => {
        console.warn('[knowledgeBase] loading failed:', error instanceof Error ? error.message : error);
        if (live) setLoad({ kind: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, []);

  // Again in a newly chosen language: the API client sends it with every call, and the server
  // answers with the articles written in it.
  useEffect(fetchItems, [fetchItems, language]);

  return (
    <Page title={t('kb.title')} intro={t('kb.intro')} route={PAGES.knowledgeBase.path} remote="mf_landing">
      <List as="div" aria-busy={load.kind === 'loading'}>
        {load.kind === 'loading' && <Spinner label={t('kb.loading')} />}
        {load.kind === 'failed' && (
          <StateBox>
            <Notice tone="neutral">{t('kb.failed')}</Notice>
            <Button type="button" $variant="outlined" onClick={fetchItems}>
              {t('kb.retry')}
            </Button>
          </StateBox>
        )}
        {load.kind === 'ready' && load.items.length === 0 && (
          <StateBox>
            <Notice tone="neutral">{t('kb.empty')}</Notice>
          </StateBox>
        )}
        {load.kind === 'ready' &&
          load.items.map((item) => (
            <Collapsible key={item.question} title={item.question} headingLevel={2}>
              <KnowledgeBaseAnswer answer={item.answer} />
            </Collapsible>
          ))}
        <AskRow to={PAGES.help.path}>
          {t('kb.ask')}
          <span aria-hidden="true">→</span>
        </AskRow>
      </List>
    </Page>
  );
}
