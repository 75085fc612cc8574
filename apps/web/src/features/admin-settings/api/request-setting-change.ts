import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingChangeResponse, SettingKey, UpdateSettingBody } from '@quickvend/shared/api/admin-money';
import { call } from '@/lib/api-client.ts';

/**
 * Asks a second admin to change a money setting; nothing changes until one approves.
 * @throws ApiError VALIDATION_FAILED for an amount outside the setting's bounds; CONFLICT while a change waits
 */
export function requestSettingChange(input: {
  key: SettingKey;
  body: UpdateSettingBody;
}): Promise<SettingChangeResponse> {
  return call('PUT /api/v1/admin/settings/:key', { params: { key: input.key }, body: input.body });
}

export function useRequestSettingChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestSettingChange,
    // the setting shows its pending change, and the approvals page lists it
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
