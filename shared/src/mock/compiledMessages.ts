/**
 * Tests import catalogs raw (only the build compiles them, docs/FRONTEND.md "Languages"), and outside
 * a production build Lingui compiles a raw message on every use: compile each message once instead,
 * so a screen re-rendered on every keystroke does not parse its texts again each time.
 */
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { i18n } from '../i18n/runtime';

export function compileMessagesOnce(): void {
  const compiled = new Map<string, CompiledMessage>();
  i18n.setMessagesCompiler((message) => {
    let result = compiled.get(message);
    if (!result) compiled.set(message, (result = compileMessage(message)));
    return result;
  });
}
