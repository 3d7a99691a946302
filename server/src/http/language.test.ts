import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { describeEachDatabase } from '../../test/databases.js';
import { call, registration, startTestApp, uniqueEmail, type TestApp } from '../../test/app.js';
import { acceptedLanguages } from './language.js';
import { languageOfBrowser } from '@blockpilot/shared/rules';

describe("a request's language", () => {
  const languageOf = (header: string | undefined) => languageOfBrowser(acceptedLanguages(header));

  it('is the first listed language the app speaks, by the order of preference the header gives', () => {
    expect(languageOf('es')).toBe('es');
    expect(languageOf('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(languageOf('ES-mx')).toBe('es');
    expect(languageOf('fr-FR, es;q=0.5, en;q=0.4')).toBe('es');
    expect(languageOf('en;q=0.4, es;q=0.9')).toBe('es');
    expect(languageOf('en-US,es')).toBe('en');
  });

  it('is English without a header, for a language the app does not speak, and for one the header refuses (q=0)', () => {
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('')).toBe('en');
    expect(languageOf('fr')).toBe('en');
    expect(languageOf('es;q=0, fr')).toBe('en');
    expect(languageOf('*')).toBe('en');
  });
});

describeEachDatabase("the API's words in the request's language", (database) => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(database());
  });
  after(async () => {
    await t.app.close();
  });

  const post = (url: string, payload: object, language?: string) =>
    call(t.app, { method: 'POST', url, payload, ...(language === undefined ? {} : { headers: { 'accept-language': language } }) });
  /** The same request in each language asked for. */
  const inEach = (languages: Array<string | undefined>, request: (language: string | undefined) => Promise<{ statusCode: number; json(): unknown }>) =>
    Promise.all(languages.map(async (language) => ({ language, ...(await request(language)) })));

  it('a validation failure: the alert and every field message in Spanish for es, today’s exact English without a header, for en-US and for fr; the same code', async () => {
    const body = registration({ emailAddress: 'not an address', confirmPassword: 'something else' });
    const [spanish, plain, american, french] = await inEach(['es-MX', undefined, 'en-US', 'fr'], (language) => post('/api/auth/register', body, language));
    expect([spanish!.statusCode, spanish!.json()]).toEqual([
      400,
      {
        code: 'BP_ERR_VALIDATION',
        alert: 'Corrige los campos marcados.',
        errors: { emailAddress: 'Escribe un correo electrónico válido.', confirmPassword: 'Las contraseñas no coinciden.' },
      },
    ]);
    const english = {
      code: 'BP_ERR_VALIDATION',
      alert: 'Please correct the highlighted fields.',
      errors: { emailAddress: 'Enter a valid e-mail address.', confirmPassword: 'The passwords do not match.' },
    };
    for (const answer of [plain, american, french])
      expect({ language: answer!.language, status: answer!.statusCode, body: answer!.json() }).toEqual({ language: answer!.language, status: 400, body: english });
  });

  it('a schema limit keeps its number in both languages', async () => {
    const body = registration({ password: 'short', confirmPassword: 'short' });
    const [spanish, english] = await inEach(['es', 'en'], (language) => post('/api/auth/register', body, language));
    expect((spanish!.json() as { errors: object }).errors).toEqual({ password: 'Debe tener al menos 8 caracteres.' });
    expect((english!.json() as { errors: object }).errors).toEqual({ password: 'Must be at least 8 characters.' });
  });

  it('a domain refusal (an e-mail address already taken): Spanish alert and field message for es, the exact English otherwise, the same code', async () => {
    const emailAddress = uniqueEmail('taken');
    expect((await post('/api/auth/register', registration({ emailAddress }))).statusCode).toBe(200);
    const [spanish, plain, french] = await inEach(['es', undefined, 'fr'], (language) => post('/api/auth/register', registration({ emailAddress }), language));
    expect([spanish!.statusCode, spanish!.json()]).toEqual([
      409,
      {
        code: 'BP_ERR_EMAIL_TAKEN',
        alert: 'Ya existe una cuenta con este correo electrónico.',
        errors: { emailAddress: 'Ya existe una cuenta con este correo electrónico. Inicia sesión o restablece la contraseña.' },
      },
    ]);
    const english = {
      code: 'BP_ERR_EMAIL_TAKEN',
      alert: 'An account with this e-mail address already exists.',
      errors: { emailAddress: 'An account with this e-mail address already exists. Sign in, or reset the password.' },
    };
    expect([plain!.statusCode, plain!.json()]).toEqual([409, english]);
    expect([french!.statusCode, french!.json()]).toEqual([409, english]);
  });

  it('a success alert: Spanish for es, the exact English otherwise', async () => {
    const body = { emailAddress: uniqueEmail('forgot') };
    const [spanish, american, french] = await inEach(['es-US', 'en-US', 'fr'], (language) => post('/api/auth/requestResetPasswordLink', body, language));
    expect(spanish!.json()).toEqual({ data: null, alert: 'Si alguna cuenta usa ese correo, le enviamos un enlace para elegir una contraseña nueva.' });
    const english = { data: null, alert: 'If an account uses that address, we have e-mailed it a link to choose a new password.' };
    expect(american!.json()).toEqual(english);
    expect(french!.json()).toEqual(english);
  });

  it('the answer for a path nothing serves, and for a body that is not JSON', async () => {
    const [spanish, english] = await inEach(['es', undefined], (language) =>
      t.app.inject({ method: 'GET', url: '/api/nothing/here?x=1', headers: language ? { 'accept-language': language } : {} }),
    );
    expect(spanish!.json()).toEqual({ code: 'BP_ERR_ROUTE_NOT_FOUND', alert: 'No hay nada en GET /api/nothing/here.' });
    expect(english!.json()).toEqual({ code: 'BP_ERR_ROUTE_NOT_FOUND', alert: 'Nothing at GET /api/nothing/here.' });
    const broken = await call(t.app, { method: 'POST', url: '/api/auth/login', payload: '{', headers: { 'content-type': 'application/json', 'accept-language': 'es' } });
    expect([broken.statusCode, broken.json()]).toEqual([400, { code: 'BP_ERR_BAD_REQUEST', alert: 'El cuerpo de la solicitud no es JSON válido.' }]);
  });
});
