/**
 * A real reverse proxy in front of the product, deployed the way docs/SECURITY.md ("Deploying
 * behind a reverse proxy") tells operators to: Debian's nginx on the same host, overwriting the
 * client's X-Forwarded-For with the address it saw. It runs as the current user from a generated
 * configuration in its own temporary folder (pid, temp files, logs), in the foreground.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ARTIFACTS_DIR, WORKSPACE } from './paths';
import { waitForHttp } from './ports';

/** Where nginx is: NGINX_PATH, Debian's /usr/sbin/nginx, or on PATH. `npm test` installs it when missing. */
export function nginxBinary(): string {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx'].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => existsSync(p)) ?? (spawnSync('nginx', ['-v']).status === 0 ? 'nginx' : null);
  if (!found) {
    throw new Error("nginx is not installed: the proxy suite needs a real reverse proxy. Install Debian's nginx (apt-get install nginx; `npm test` does it) or set NGINX_PATH.");
  }
  return found;
}

/** The access log format operators include (docs/SECURITY.md "Deploying behind a reverse proxy"). */
const ACCESS_LOG_CONF = path.join(WORKSPACE, 'deploy/nginx/access-log.conf');
/** nginx's access log of these sites, in the documented format: the secret scan reads it with the other logs. */
export const NGINX_ACCESS_LOG = path.join(ARTIFACTS_DIR, 'nginx-access.log');

/** One proxied site: nginx listens on `listenPort` and forwards everything to `upstreamPort`. */
export interface ProxiedSite {
  listenPort: number;
  upstreamPort: number;
}

function configuration(dir: string, sites: ProxiedSite[]): string {
  // As root, nginx hands requests to workers running as `nobody`, who could not write the temp
  // folder: keep them as the current user. As anyone else the directive would only warn.
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};` : '';
  const servers = sites.map(
    ({ listenPort, upstreamPort }) => `
  server {
    listen 127.0.0.1:${listenPort};
    location / {
      proxy_pass http://127.0.0.1:${upstreamPort};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }`,
  );
  return `${user}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${path.join(ARTIFACTS_DIR, 'nginx-error.log')} warn;
events { worker_connections 256; }
http {
  # The documented format: secret links' tokens never reach the log.
  include ${ACCESS_LOG_CONF};
  access_log ${NGINX_ACCESS_LOG} blockpilot;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${servers.join('\n')}
}
`;
}

/** Starts nginx for the sites and waits until each answers the product's health check through it. */
export async function startNginx(dir: string, sites: ProxiedSite[]): Promise<ChildProcess> {
  mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, configuration(dir, sites));
  // -e: nginx opens its error log before reading the configuration; keep it out of /var/log.
  const child = spawn(nginxBinary(), ['-p', dir, '-e', path.join(ARTIFACTS_DIR, 'nginx-error.log'), '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`nginx exited with code ${code}: see ${ARTIFACTS_DIR}/nginx-error.log`))));
  exited.catch(() => undefined); // its later, expected exit (when stopped) is no failure
  await Promise.race([Promise.all(sites.map((site) => waitForHttp(`http://127.0.0.1:${site.listenPort}/api/health`, 20_000))), exited]);
  return child;
}
