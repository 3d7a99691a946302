import { api, knowledgeBaseAnswerOf, useForm, type KnowledgeBaseArticle } from '@blockpilot/shared';
import { Button, Checkbox, Chip, Dialog, Form, FormFeedback, KnowledgeBaseAnswer, Page, Paper, SubmitButton, TextArea, TextField } from '@blockpilot/shared/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { CardHeading, CardList } from '../components/Cards';
import { Loaded } from '../components/Loaded';
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

const EMPTY_ARTICLE = { question: '', answer: '', published: false };

/** Writes a new article or edits one, with a live preview of what drivers will read. */
function ArticleEditor({ article, onSaved, onCancel }: { article?: KnowledgeBaseArticle; onSaved: () => unknown; onCancel: () => void }) {
  const form = useForm({
    initialValues: article ? { question: article.question, answer: article.answer, published: article.published } : EMPTY_ARTICLE,
    onSubmit: async (values) => {
      await (article ? api.admin.knowledgeBase.update(article.id, values) : api.admin.knowledgeBase.create(values));
      await onSaved();
    },
  });
  return (
    <Paper>
      <Form onSubmit={form.handleSubmit} aria-label={article ? 'Edit article' : 'New article'}>
        <TextField label="Question" {...form.field('question')} />
        <TextArea
          label="Answer"
          rows={8}
          helperText="Each line is a line of the answer; an empty line is a blank line; start a line with '- ' for a list item."
          {...form.field('answer')}
        />
        <Checkbox label="Published: drivers see it at once" {...form.checkbox('published')} />
        <Preview aria-label="Preview">
          <h3>{form.values.question.trim() || 'Question'}</h3>
          <KnowledgeBaseAnswer answer={knowledgeBaseAnswerOf(form.values.answer.trim())} />
        </Preview>
        <FormFeedback form={form} />
        <Actions>
          <SubmitButton pending={form.pending} pendingLabel="Saving…">
            Save article
          </SubmitButton>
          <Button type="button" $variant="outlined" onClick={onCancel}>
            Cancel
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
    <Page
      title="Knowledge base"
      intro="What drivers read on the help pages, in this order. Published articles show at once; drafts only here."
      width="regular"
      route="/admin/knowledgeBase"
      remote="mf_admin"
    >
      {admin && editing.kind !== 'new' && (
        <p>
          <Button type="button" onClick={() => setEditing({ kind: 'new' })}>
            New article
          </Button>
        </p>
      )}
      {editing.kind === 'new' && <ArticleEditor onSaved={saved} onCancel={() => setEditing({ kind: 'none' })} />}
      <Loaded
        load={load}
        loadingLabel="Loading the knowledge base…"
        failure="The knowledge base could not be loaded."
        retry={() => void reload()}
        empty={(articles) => (articles.length === 0 ? 'No articles yet: drivers see an empty knowledge base.' : null)}
      >
        {(articles) => (
          <CardList aria-label="Articles">
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
                      <Chip dot={article.published ? 'success' : 'neutral'}>{article.published ? 'Published' : 'Draft'}</Chip>
                    </CardHeading>
                    <KnowledgeBaseAnswer answer={knowledgeBaseAnswerOf(article.answer)} />
                    {admin && (
                      <Actions>
                        <Button type="button" $variant="outlined" onClick={() => setEditing({ kind: 'article', id: article.id })} aria-label={`Edit: ${article.question}`}>
                          Edit
                        </Button>
                        <Button type="button" $variant="text" disabled={index === 0} onClick={() => move(articles, index, -1)} aria-label={`Move up: ${article.question}`}>
                          Move up
                        </Button>
                        <Button
                          type="button"
                          $variant="text"
                          disabled={index === articles.length - 1}
                          onClick={() => move(articles, index, 1)}
                          aria-label={`Move down: ${article.question}`}
                        >
                          Move down
                        </Button>
                        <Button type="button" $variant="text" onClick={() => setDeleting(article)} aria-label={`Delete: ${article.question}`}>
                          Delete
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
        title="Delete this article?"
        onClose={() => setDeleting(null)}
        actions={
          <>
            <Button type="button" $variant="outlined" onClick={() => setDeleting(null)}>
              Keep it
            </Button>
            <Button
              type="button"
              onClick={() => {
                const article = deleting!;
                setDeleting(null);
                void act(() => api.admin.knowledgeBase.remove(article.id));
              }}
            >
              Delete
            </Button>
          </>
        }
      >
        {deleting && <p>“{deleting.question}” disappears from the help pages. The audit log keeps its text.</p>}
      </Dialog>
    </Page>
  );
}
