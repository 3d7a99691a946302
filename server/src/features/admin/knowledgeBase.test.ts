/**
 * Editing the knowledge base over HTTP (docs/OPERATIONS.md "Knowledge base"): the seeded articles
 * are what drivers saw before, support reads and admins edit (a driver and support get 403 where
 * they must), every change is audited with the article before and after, bad input is a 400 per
 * field that changes nothing, and drivers see a published change on their next load.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { InjectOptions } from 'fastify';
import { SEED_ARTICLES } from '../../db/migrations/0016_knowledge_base.js';
import { SPANISH_SEED_ARTICLES } from '../../db/migrations/0029_knowledge_base_languages.js';
import { call, expectFieldErrors, expectSignInRequired, type TestApp, type TestDriver } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { auditEntriesOf, auditEntryCount, callAs, startOperatorSuite } from '../../../test/operatorSuite.js';

const ADMIN_EMAIL = 'kb-admin@blockpilot.test';

describeEachDatabase('knowledge base editing API', (database) => {
  let t: TestApp;
  let admin: TestDriver;
  let supportUser: TestDriver;
  let driver: TestDriver;

  before(async () => {
    ({ t, admin, supportUser, driver } = await startOperatorSuite(database(), ADMIN_EMAIL));
  });
  after(async () => {
    await t.app.close();
  });

  const as = (who: TestDriver, options: InjectOptions) => callAs(t, who, options);
  const send = (who: TestDriver, method: 'POST' | 'DELETE', url: string, payload?: object) => as(who, { method, url, ...(payload ? { payload } : {}) });
  const publicKnowledgeBase = async (language = 'en') =>
    (await as(driver, { url: '/api/knowledgeBase/', headers: { 'accept-language': language } })).json().data as Array<{ question: string; answer: string | string[] }>;
  const adminList = async () =>
    (await as(admin, { url: '/api/admin/knowledgeBase' })).json().data as Array<{ id: number; question: string; answer: string; published: boolean; language: string }>;
  const ALL_SEEDS = [...SEED_ARTICLES, ...SPANISH_SEED_ARTICLES];
  const auditOf = (action: string) => auditEntriesOf(t, action);
  const auditCount = () => auditEntryCount(t);
  const rows = () => t.database.db.selectFrom('knowledge_base_articles').selectAll().orderBy('id').execute();
  const ARTICLE = { question: 'Can I pause searching for a day?', answer: 'Yes.\n\n- Press Stop\n- Press Start tomorrow', published: true };

  it('serves drivers the seeded articles exactly as before the move to the database', async () => {
    expect(await publicKnowledgeBase()).toEqual(SEED_ARTICLES);
    const list = await adminList();
    expect(list.map((a) => [a.language, a.question])).toEqual([...SEED_ARTICLES.map((a) => ['en', a.question]), ...SPANISH_SEED_ARTICLES.map((a) => ['es', a.question])]);
    expect(list.every((a) => a.published)).toBe(true);
  });

  it('serves each driver the articles of their page language, the same articles in Spanish, and English where a language has none', async () => {
    expect(await publicKnowledgeBase('es-MX,es;q=0.9')).toEqual(SPANISH_SEED_ARTICLES);
    expect(SPANISH_SEED_ARTICLES.map((a) => (typeof a.answer === 'string' ? 1 : a.answer.length))).toEqual(
      SEED_ARTICLES.map((a) => (typeof a.answer === 'string' ? 1 : a.answer.length)),
    );
    expect(await publicKnowledgeBase('fr')).toEqual(SEED_ARTICLES);
  });

  describe('role boundaries', () => {
    const WRITES: Array<[method: 'POST' | 'DELETE', url: string, payload?: object]> = [
      ['POST', '/api/admin/knowledgeBase', { question: 'Probe?', answer: 'Probe.', published: true }],
      ['POST', '/api/admin/knowledgeBase/1', { question: 'Probe?', answer: 'Probe.', published: false }],
      ['POST', '/api/admin/knowledgeBase/order', { ids: [1] }],
      ['DELETE', '/api/admin/knowledgeBase/1'],
    ];

    it('refuses a visitor (401), a driver (403) and support (403) every change, and changes nothing', async () => {
      const before = [await rows(), await auditCount()];
      for (const [method, url, payload] of WRITES) {
        expectSignInRequired(await call(t.app, { method, url, ...(payload ? { payload } : {}) }));
        const byDriver = await send(driver, method, url, payload);
        expect([url, byDriver.statusCode, byDriver.json().alert]).toEqual([url, 403, 'This page is for BlockPilot operators.']);
        const bySupport = await send(supportUser, method, url, payload);
        expect([url, bySupport.statusCode, bySupport.json().alert]).toEqual([url, 403, 'Only an admin may do this.']);
      }
      expect([await rows(), await auditCount()]).toEqual(before);
    });

    it('lets support read every article (data about no driver: not recorded), and not a driver', async () => {
      expect((await as(driver, { url: '/api/admin/knowledgeBase' })).statusCode).toBe(403);
      const res = await as(supportUser, { url: '/api/admin/knowledgeBase' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toHaveLength(ALL_SEEDS.length);
      expect(await auditOf('knowledgeBase.list')).toEqual([]);
    });
  });

  describe('changes', () => {
    it('creates an article last (audited with the article); published ones reach drivers at once, drafts never', async () => {
      const res = await send(admin, 'POST', '/api/admin/knowledgeBase', { ...ARTICLE, question: `  ${ARTICLE.question} `, answer: ARTICLE.answer.replace(/\n/g, '\r\n') });
      expect(res.statusCode).toBe(200);
      const created = res.json().data;
      expect(created).toMatchObject(ARTICLE);
      expect((await publicKnowledgeBase()).at(-1)).toEqual({ question: ARTICLE.question, answer: ['Yes.', '', '- Press Stop', '- Press Start tomorrow'] });
      expect((await auditOf('knowledgeBase.create')).at(-1)).toMatchObject({ actor_id: admin.id, subject: `article:${created.id}`, before: null, after: ARTICLE });

      const draft = (await send(admin, 'POST', '/api/admin/knowledgeBase', { question: 'Coming soon?', answer: 'Not yet.', published: false })).json().data;
      expect((await publicKnowledgeBase()).map((a) => a.question)).not.toContain('Coming soon?');
      expect((await adminList()).at(-1)).toMatchObject({ id: draft.id, published: false });
    });

    it('writes an article in Spanish for the drivers who read Spanish only (English when the language is left out)', async () => {
      const res = await send(admin, 'POST', '/api/admin/knowledgeBase', { question: '¿Puedo pausar un día?', answer: 'Sí.', published: true, language: 'es' });
      expect(res.json().data).toMatchObject({ language: 'es' });
      expect((await publicKnowledgeBase('es')).at(-1)).toEqual({ question: '¿Puedo pausar un día?', answer: 'Sí.' });
      expect((await publicKnowledgeBase('en')).map((a) => a.question)).not.toContain('¿Puedo pausar un día?');
      expect((await auditOf('knowledgeBase.create')).at(-1)).toMatchObject({ after: { language: 'es' } });
      expectFieldErrors(await send(admin, 'POST', '/api/admin/knowledgeBase', { question: 'Q?', answer: 'A.', published: true, language: 'fr' }), ['language']);
    });

    it('edits an article (audited before and after); unpublishing hides it from drivers', async () => {
      const { id } = (await send(admin, 'POST', '/api/admin/knowledgeBase', ARTICLE)).json().data;
      const edited = { question: 'Can I pause?', answer: 'Press Stop.', published: false };
      const res = await send(admin, 'POST', `/api/admin/knowledgeBase/${id}`, edited);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id, ...edited });
      expect((await publicKnowledgeBase()).map((a) => a.question)).not.toContain('Can I pause?');
      expect((await auditOf('knowledgeBase.edit')).at(-1)).toMatchObject({ actor_id: admin.id, subject: `article:${id}`, before: ARTICLE, after: edited });
      expect((await send(admin, 'POST', '/api/admin/knowledgeBase/999999', edited)).statusCode).toBe(404);
    });

    it('reorders with every id once (audited); drivers get the new order', async () => {
      const ids = (await adminList()).map((a) => a.id);
      const reversed = [...ids].reverse();
      const res = await send(admin, 'POST', '/api/admin/knowledgeBase/order', { ids: reversed });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((a: { id: number }) => a.id)).toEqual(reversed);
      const reordered = await adminList();
      expect(reordered.map((a) => a.id)).toEqual(reversed);
      expect((await publicKnowledgeBase()).map((a) => a.question)).toEqual(reordered.filter((a) => a.published && a.language === 'en').map((a) => a.question));
      expect((await auditOf('knowledgeBase.reorder')).at(-1)).toMatchObject({ actor_id: admin.id, before: { ids }, after: { ids: reversed } });
      // The same order again is the same state.
      expect((await send(admin, 'POST', '/api/admin/knowledgeBase/order', { ids: reversed })).statusCode).toBe(200);
      expect((await adminList()).map((a) => a.id)).toEqual(reversed);
    });

    it('deletes an article (its text kept in the audit log); deleting it again is a 404 that writes nothing', async () => {
      const { id } = (await send(admin, 'POST', '/api/admin/knowledgeBase', { ...ARTICLE, question: 'To be deleted?' })).json().data;
      const res = await send(admin, 'DELETE', `/api/admin/knowledgeBase/${id}`);
      expect(res.statusCode).toBe(200);
      expect((await adminList()).map((a) => a.id)).not.toContain(id);
      expect((await publicKnowledgeBase()).map((a) => a.question)).not.toContain('To be deleted?');
      expect((await auditOf('knowledgeBase.delete')).at(-1)).toMatchObject({ subject: `article:${id}`, before: { ...ARTICLE, question: 'To be deleted?' }, after: null });
      const count = await auditCount();
      expect((await send(admin, 'DELETE', `/api/admin/knowledgeBase/${id}`)).statusCode).toBe(404);
      expect(await auditCount()).toBe(count);
    });
  });

  describe('bad input: a 400 per field, nothing changes, nothing audited', () => {
    it('refuses bad articles, orders and ids', async () => {
      const before = [await rows(), await auditCount()];
      const [first] = await rows();
      const allIds = (await rows()).map((r) => r.id);
      expectFieldErrors(await send(admin, 'POST', '/api/admin/knowledgeBase', {}), ['question', 'answer', 'published']);
      expectFieldErrors(await send(admin, 'POST', '/api/admin/knowledgeBase', { question: '   ', answer: '\n \n', published: true }), ['question', 'answer']);
      expectFieldErrors(await send(admin, 'POST', '/api/admin/knowledgeBase', { question: 'x'.repeat(301), answer: 'ok', published: 'yes' }), ['question', 'published']);
      expectFieldErrors(await send(admin, 'POST', '/api/admin/knowledgeBase', { ...ARTICLE, extra: 1 }), ['extra']);
      expectFieldErrors(await send(admin, 'POST', `/api/admin/knowledgeBase/${first!.id}`, { question: '', answer: 'ok', published: true }), ['question']);
      expectFieldErrors(await send(admin, 'POST', '/api/admin/knowledgeBase/abc', ARTICLE), ['id']);
      expectFieldErrors(await send(admin, 'DELETE', '/api/admin/knowledgeBase/0'), ['id']);
      expectFieldErrors(await send(admin, 'POST', '/api/admin/knowledgeBase/order', { ids: allIds.slice(1) }), ['ids']);
      expectFieldErrors(await send(admin, 'POST', '/api/admin/knowledgeBase/order', { ids: [...allIds.slice(1), 999999] }), ['ids']);
      expectFieldErrors(await send(admin, 'POST', '/api/admin/knowledgeBase/order', { ids: [allIds[0], ...allIds] }), ['ids']);
      expectFieldErrors(await send(admin, 'POST', '/api/admin/knowledgeBase/order', { ids: 'all' }), ['ids']);
      expect([await rows(), await auditCount()]).toEqual(before);
    });
  });
});
