import { secureUrlFor } from './secureRedirect';

const at = (href: string) => {
  const url = new URL(href);
  return { protocol: url.protocol, hostname: url.hostname, href: url.href };
};

describe('the first step on load: plain http goes to https', () => {
  it('sends an http page to the same URL over https, path, query and hash included', () => {
    expect(secureUrlFor(at('http://blockpilot.app/dashboard/logs?x=1#top'))).toBe('https://blockpilot.app/dashboard/logs?x=1#top');
  });

  it('leaves https pages alone', () => {
    expect(secureUrlFor(at('https://blockpilot.app/login'))).toBeNull();
  });

  it.each(['http://localhost:3000/', 'http://127.0.0.1:3000/login', 'http://[::1]:3000/', 'http://app.localhost/'])('lets local runs stay on http: %s', (href) => {
    expect(secureUrlFor(at(href))).toBeNull();
  });
});
