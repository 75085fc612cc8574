import type { Kobo } from '@quickvend/shared/money';

/**
 * Port: the provider's wallet that pays for every sale (the float).
 * @throws ProviderUnavailableError when the provider cannot be asked or answers something unreadable
 */
export type ProviderFloat = { balance(): Promise<Kobo> };
