import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BeneficiaryResponse, SaveBeneficiaryBody } from '@quickvend/shared/api/beneficiaries';
import { call } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `POST /api/v1/beneficiaries`: saves a number, or gives a number already saved this name. */
export function saveBeneficiary(body: SaveBeneficiaryBody): Promise<BeneficiaryResponse> {
  return call('POST /api/v1/beneficiaries', { body });
}

export function useSaveBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBeneficiary,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.beneficiaries }),
  });
}
