/**
 * The server configuration's public part, shared by every screen: the support address and the
 * Telegram bot's @handle and link. The server writes it into the page
 * ({@link PUBLIC_CONFIG_ELEMENT_ID}); a page without it (a remote's standalone preview) asks
 * GET /api/publicConfig, once.
 */
import { useEffect, useState } from 'react';
import { api } from '../api/endpoints';
import { DEFAULT_SUPPORT_EMAIL, PUBLIC_CONFIG_ELEMENT_ID } from '../constants';
import type { PublicConfig } from '../types';

let asked: Promise<PublicConfig | null> | null = null;

/** The configuration the server wrote into the page, or null when it is not there. */
export function embeddedPublicConfig(doc: Document | undefined = globalThis.document): PublicConfig | null {
  const text = doc?.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PublicConfig;
  } catch {
    return null;
  }
}

function askOnce(): Promise<PublicConfig | null> {
  const embedded = embeddedPublicConfig();
  if (embedded) return Promise.resolve(embedded);
  asked ??= api.publicConfig().catch((error: unknown) => {
    // Only logged (a background load); the next screen that needs it asks again.
    console.warn('[publicConfig] loading failed:', error instanceof Error ? error.message : error);
    asked = null;
    return null;
  });
  return asked;
}

/** The public configuration, or null until it has arrived (or when it could not be loaded). */
export function usePublicConfig(): PublicConfig | null {
  const [config, setConfig] = useState<PublicConfig | null>(embeddedPublicConfig);
  useEffect(() => {
    let live = true;
    void askOnce().then((value) => live && setConfig(value));
    return () => {
      live = false;
    };
  }, []);
  return config;
}

/** The one support address: the server's, and its default until the server has answered. */
export function useSupportEmail(): string {
  return usePublicConfig()?.supportEmail ?? DEFAULT_SUPPORT_EMAIL;
}

/** Tests: forget the answer, so the next screen asks again. */
export function forgetPublicConfig(): void {
  asked = null;
}
