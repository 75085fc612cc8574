import { useMeta } from '@/lib/api/get-meta.ts';
import { contactLinks, type ContactLink } from './contact-links.ts';

/** Inside the app: the support contacts from the meta answer the app already holds, with no request of their own. */
export function useAppContactLinks(): ContactLink[] {
  return contactLinks(useMeta().data);
}
