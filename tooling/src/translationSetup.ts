/** Test setup of every front-end package, after the DOM's (whose globals the shared mocks need at import). */
import { compileMessagesOnce } from '@blockpilot/shared/mock';

compileMessagesOnce();
