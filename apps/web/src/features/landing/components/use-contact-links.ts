import { useEffect, useState } from 'react';
import { call } from '@/lib/api-client.ts';
import { contactLinks, type ContactLink } from './contact-links.ts';

/** The support contacts, asked for once `enabled`: empty until they arrive, and when none are configured. */
export function useContactLinks(enabled = true): ContactLink[] {
  const [links, setLinks] = useState<ContactLink[]>([]);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    call('GET /api/v1/meta', { signal: controller.signal }).then(
      (meta) => {
        if (!controller.signal.aborted) setLinks(contactLinks(meta));
      },
      () => {
        // no contacts shown: nothing is guessed
      },
    );
    return () => {
      controller.abort();
    };
  }, [enabled]);
  return links;
}
