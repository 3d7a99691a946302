import { describe, it } from 'node:test';
import { expect } from 'expect';
import { createPasswordHasher } from './passwords.js';

describe('password hashing (scrypt)', () => {
  it('uses the OWASP cost by default: N = 2^17, r = 8, p = 1, a random salt per hash', async () => {
    const owasp = createPasswordHasher(17);
    const hash = await owasp.hash('correct horse battery');
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await owasp.verify('correct horse battery', hash)).toBe(true);
  });

  const cheap = createPasswordHasher(10);

  it('refuses a wrong password and a malformed hash; salts every hash', async () => {
    const hash = await cheap.hash('secret one');
    expect(hash).not.toBe(await cheap.hash('secret one'));
    expect(await cheap.verify('secret two', hash)).toBe(false);
    expect(await cheap.verify('secret one', 'plain-text')).toBe(false);
    expect(await cheap.verify('secret one', hash.replace(/\$[^$]+$/, '$AAAA'))).toBe(false);
  });

  it('verifies hashes made at another cost, and says they need rehashing', async () => {
    const older = await createPasswordHasher(11).hash('secret');
    expect(await cheap.verify('secret', older)).toBe(true);
    expect(cheap.needsRehash(older)).toBe(true);
    expect(cheap.needsRehash(await cheap.hash('secret'))).toBe(false);
  });

  it('normalises Unicode, so the same password typed on another keyboard matches', async () => {
    const hash = await cheap.hash('caf\u00e9 au lait');
    expect(await cheap.verify('cafe\u0301 au lait', hash)).toBe(true);
  });

  it('spends hashing work on no account and answers false', async () => {
    await expect(cheap.verifyNothing('anything')).resolves.toBe(false);
  });
});
