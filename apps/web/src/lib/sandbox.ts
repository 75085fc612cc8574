import { useMeta } from './api/get-meta.ts';

/** Whether the server runs against the local stand-ins instead of the real providers. */
export function useIsSandbox(): boolean {
  return useMeta().data?.mode === 'sandbox';
}
