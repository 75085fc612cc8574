import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BeneficiariesResponse,
  BeneficiaryResponse,
  UpdateBeneficiaryBody,
} from '@quickvend/shared/api/beneficiaries';
import { call } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `PUT /api/v1/beneficiaries/:id`: a new name (and number) for a saved number. */
export function updateBeneficiary(id: string, body: UpdateBeneficiaryBody): Promise<BeneficiaryResponse> {
  return call('PUT /api/v1/beneficiaries/:id', { params: { id }, body });
}

export function useUpdateBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateBeneficiaryBody }) => updateBeneficiary(id, body),
    onSuccess: ({ beneficiary }) => {
      queryClient.setQueryData<BeneficiariesResponse>(queryKeys.beneficiaries, (old) =>
        old
          ? {
              ...old,
              beneficiaries: old.beneficiaries.map((saved) =>
                saved.id === beneficiary.id ? beneficiary : saved,
              ),
            }
          : old,
      );
    },
  });
}
