import type { Service } from '@quickvend/shared/api/purchases';
import { useServices } from './api/get-services.ts';

/** One service's limits (undefined while loading or when the list could not be read). */
export function useService(serviceId: string | undefined): Service | undefined {
  const services = useServices();
  return serviceId === undefined ? undefined : services.data?.services.find((s) => s.id === serviceId);
}
