import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BeneficiariesResponse, BeneficiaryResponse } from '@quickvend/shared/api/beneficiaries';
import { call } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `DELETE /api/v1/beneficiaries/:id`: forgets a saved number. */
export function deleteBeneficiary(id: string): Promise<BeneficiaryResponse> {
  return call('DELETE /api/v1/beneficiaries/:id', { params: { id } });
}

export function useDeleteBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBeneficiary,
    onSuccess: ({ beneficiary }) => {
      queryClient.setQueryData<BeneficiariesResponse>(queryKeys.beneficiaries, (old) =>
        old
          ? { ...old, beneficiaries: old.beneficiaries.filter((saved) => saved.id !== beneficiary.id) }
          : old,
      );
    },
  });
}
