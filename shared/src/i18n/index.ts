/** `@blockpilot/shared/i18n`: the app's languages and translations (docs/FRONTEND.md, "Languages"). */
export { TranslationProvider, defineCatalog, useLanguage, type MessageValues, type Translate } from './react';
export { activeLanguage, switchLanguage, type CatalogMessages, type CatalogSource } from './runtime';
