import { TvPage } from '@/features/purchases/components/tv-page.tsx';

/** `/dstv`: the DSTV form and its result, like every bill page. */
export function DstvRoutePage() {
  return <TvPage serviceId="dstv" />;
}
