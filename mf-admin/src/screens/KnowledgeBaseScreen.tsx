import { api, knowledgeBaseAnswerOf, type KnowledgeBaseArticle, SUB_PAGES, useForm } from '@blockpilot/shared';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES } from '@blockpilot/shared/constants';
import { Button, Checkbox, Chip, Dialog, Form, FormFeedback, KnowledgeBaseAnswer, Page, Paper, Select, SubmitButton, TextArea, TextField } from '@blockpilot/shared/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { CardHeading, CardList } from '../components/Cards';
import { Loaded } from '../components/Loaded';
import { useT } from '../i18n';
import { useLoad } from '../useLoad';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 12px;
`;

const Preview = styled.section`
  padding: 12px 16px;
  border: 1px dashed ${({ theme }) => theme.palette.divider};
  border-radius: ${({ theme }) => theme.radius}px;
  h3 {
    margin: 0 0 8px;
  }
`;

const EMPTY_ARTICLE = { question: '', answer: '', published: false, language: DEFAULT_LANGUAGE };
/** Each language by its own name: a driver reads the articles of their page's language (docs/OPERATIONS.md "Knowledge base"). */
const LANGUAGE_OPTIONS = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }));

/** Writes a new article or edits one, with a live preview of what drivers will read. */
function ArticleEditor({ article, onSaved, onCancel }: { article?: KnowledgeBaseArticle; onSaved: () => unknown; onCancel: () => void }) {
  const t = useT();
  const form = useForm({
    initialValues: article ? { question: article.question, answer: article.answer, published: article.published, language: article.language } : EMPTY_ARTICLE,
    onSubmit: async (values) => {
      await (article ? api.admin.knowledgeBase.update(article.id, values) : api.admin.knowledgeBase.create(values));
      await onSaved();
    },
  });
  return (
    <Paper>
      <Form onSubmit={form.handleSubmit} aria-label={t(article ? 'knowledgeBase.editor.edit' : 'knowledgeBase.editor.new')}>
        <TextField label={t('knowledgeBase.editor.question')} {...form.field('question')} />
        <TextArea label={t('knowledgeBase.editor.answer')} rows={8} helperText={t('knowledgeBase.editor.answerHelp')} {...form.field('answer')} />
        <Select label={t('knowledgeBase.editor.language')} helperText={t('knowledgeBase.editor.languageHelp')} options={LANGUAGE_OPTIONS} {...form.field('language')} />
        <Checkbox label={t('knowledgeBase.editor.published')} {...form.checkbox('published')} />
        <Preview aria-label={t('knowledgeBase.editor.preview')}>
          <h3>{form.values.question.trim() || t('knowledgeBase.editor.question')}</h3>
          <KnowledgeBaseAnswer answer={knowledgeBaseAnswerOf(form.values.answer.trim())} />
        </Preview>
        <FormFeedback form={form} />
        <Actions>
          <SubmitButton pending={form.pending} pendingLabel={t('common.saving')}>
            {t('knowledgeBase.editor.save')}
          </SubmitButton>
          <Button type="button" $variant="outlined" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </Actions>
      </Form>
    </Paper>
  );
}

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'article'; id: number };

/**
 * /admin/knowledgeBase: the articles drivers read on the help pages, in their order; admins
 * write, edit, publish, reorder and delete them (docs/OPERATIONS.md "Knowledge base").
 */
export function KnowledgeBaseScreen({ admin }: { admin: boolean }) {
  const t = useT();
  const { load, reload } = useLoad(() => api.admin.knowledgeBase.list(), 'articles');
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [deleting, setDeleting] = useState<KnowledgeBaseArticle | null>(null);
  const saved = async () => {
    setEditing({ kind: 'none' });
    await reload();
  };
  // Failures are toasts (the server's alert); the list is reloaded either way to show what holds.
  const act = async (action: () => Promise<unknown>) => {
    await action().catch(() => undefined);
    await reload();
  };
  const move = (articles: KnowledgeBaseArticle[], index: number, by: -1 | 1) => {
    const ids = articles.map((a) => a.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    void act(() => api.admin.knowledgeBase.reorder(ids));
  };

  return (
    <Page title={t('knowledgeBase.title')} intro={t('knowledgeBase.intro')} width="regular" route={SUB_PAGES.admin.knowledgeBase} remote="mf_admin">
      {admin && editing.kind !== 'new' && (
        <p>
          <Button type="button" onClick={() => setEditing({ kind: 'new' })}>
            {t('knowledgeBase.new')}
          </Button>
        </p>
      )}
      {editing.kind === 'new' && <ArticleEditor onSaved={saved} onCancel={() => setEditing({ kind: 'none' })} />}
      <Loaded
        load={load}
        loadingLabel={t('knowledgeBase.loading')}
        failure={t('knowledgeBase.failed')}
        retry={() => void reload()}
        empty={(articles) => (articles.length === 0 ? t('knowledgeBase.none') : null)}
      >
        {(articles) => (
          <CardList aria-label={t('knowledgeBase.list')}>
            {articles.map((article, index) =>
              editing.kind === 'article' && editing.id === article.id ? (
                <li key={article.id}>
                  <ArticleEditor article={article} onSaved={saved} onCancel={() => setEditing({ kind: 'none' })} />
                </li>
              ) : (
                <li key={article.id}>
                  <Paper>
                    <CardHeading>
                      <h2>{article.question}</h2>
                      <Chip>{LANGUAGE_NAMES[article.language]}</Chip>
                      <Chip dot={article.published ? 'success' : 'neutral'}>{t(article.published ? 'knowledgeBase.published' : 'knowledgeBase.draft')}</Chip>
                    </CardHeading>
                    <KnowledgeBaseAnswer answer={knowledgeBaseAnswerOf(article.answer)} />
                    {admin && (
                      <Actions>
                        <Button
                          type="button"
                          $variant="outlined"
                          onClick={() => setEditing({ kind: 'article', id: article.id })}
                          aria-label={t('knowledgeBase.editNamed', { question: article.question })}
                        >
                          {t('knowledgeBase.edit')}
                        </Button>
                        <Button
                          type="button"
                          $variant="text"
                          disabled={index === 0}
                          onClick={() => move(articles, index, -1)}
                          aria-label={t('knowledgeBase.moveUpNamed', { question: article.question })}
                        >
                          {t('knowledgeBase.moveUp')}
                        </Button>
                        <Button
                          type="button"
                          $variant="text"
                          disabled={index === articles.length - 1}
                          onClick={() => move(articles, index, 1)}
                          aria-label={t('knowledgeBase.moveDownNamed', { question: article.question })}
                        >
                          {t('knowledgeBase.moveDown')}
                        </Button>
                        <Button type="button" $variant="text" onClick={() => setDeleting(article)} aria-label={t('knowledgeBase.deleteNamed', { question: article.question })}>
                          {t('knowledgeBase.delete')}
                        </Button>
                      </Actions>
                    )}
                  </Paper>
                </li>
              ),
            )}
          </CardList>
        )}
      </Loaded>
      <Dialog
        open={deleting !== null}
        title={t('knowledgeBase.deleteDialog.title')}
        onClose={() => setDeleting(null)}
        actions={
          <>
            <Button type="button" $variant="outlined" onClick={() => setDeleting(null)}>
              {t('knowledgeBase.deleteDialog.keep')}
            </Button>
            <Button
              type="button"
              onClick={() => {
                const article = deleting!;
                setDeleting(null);
                void act(() => api.admin.knowledgeBase.remove(article.id));
              }}
            >
              {t('knowledgeBase.delete')}
            </Button>
          </>
        }
      >
        {deleting && <p>{t('knowledgeBase.deleteDialog.body', { question: deleting.question })}</p>}
      </Dialog>
    </Page>
  );
}
