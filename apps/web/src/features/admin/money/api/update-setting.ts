import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingKey, SettingResponse } from '@quickvend/shared/api/admin-money';
import { api } from '@/lib/api-client.ts';

/** @throws ApiError VALIDATION_FAILED for an amount that is not one */
export function updateSetting(input: { key: SettingKey; amount: string }): Promise<SettingResponse> {
  return api.put<SettingResponse>(`/api/v1/admin/settings/${encodeURIComponent(input.key)}`, {
    amount: input.amount,
  });
}

export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSetting,
    // the float's warning follows its threshold
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'settings'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'float'] }),
      ]),
  });
}
