/** Build-time rendering in every language (docs/FRONTEND.md, "Languages"), as the page script reads it. */
import styled from 'styled-components';
import { PRERENDERED_LANGUAGE_ATTRIBUTE } from './constants';
import { defineCatalog } from './i18n/react';
import { activeLanguage } from './i18n/runtime';
import { renderStaticHtmlInEveryLanguage, translatorOf } from './prerender';

const { useT } = defineCatalog('prerenderTest', {
  en: { title: 'Never miss a block', page: 'Home "page"' },
  es: () => Promise.resolve({ default: { title: 'No pierdas un bloque', page: 'Página "inicio"' } }),
});
const Heading = styled.h1`
  color: rebeccapurple;
`;
function Hero() {
  return <Heading>{useT()('title')}</Heading>;
}

describe('a part prerendered in every language', () => {
  it('writes the styles once, the English copy in place and the Spanish one in a template with its page title', async () => {
    const html = await renderStaticHtmlInEveryLanguage(() => <Hero />, { title: () => translatorOf(useT)('page') });
    const holder = document.createElement('div');
    holder.innerHTML = html;
    expect(holder.querySelectorAll('style')).toHaveLength(1);
    expect(holder.querySelector('style')!.textContent).toContain('rebeccapurple');
    const english = holder.querySelector(`div[${PRERENDERED_LANGUAGE_ATTRIBUTE}=""]`)!;
    expect(english.textContent).toBe('Never miss a block');
    const spanish = holder.querySelector<HTMLTemplateElement>(`template[${PRERENDERED_LANGUAGE_ATTRIBUTE}="es"]`)!;
    expect(spanish.content.textContent).toBe('No pierdas un bloque');
    // Same markup, same class: the English copy's styles serve the Spanish one.
    expect(spanish.content.querySelector('h1')!.className).toBe(english.querySelector('h1')!.className);
    expect(spanish.getAttribute('data-title')).toBe('Página "inicio"');
    // The build goes on in English.
    expect(activeLanguage()).toBe('en');
  });
});
