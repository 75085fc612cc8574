import type { BillsProviderName } from '@quickvend/shared/providers';
import type { ProviderFloat } from '../modules/admin/index.ts';
import type { BillsProvider, FailureKind } from '../modules/purchases/index.ts';

/** One aggregator as the routing sees it: what it sells, and what its failures mean. */
export type AggregatorMember = BillsProvider &
  ProviderFloat & {
    /** whether this purchase can be sent there (a plan not mapped there is not); everything when absent */
    offers?(item: { serviceId: string; variationCode?: string | null | undefined }): boolean;
    failureKind(code: string | null): FailureKind;
  };

export type AggregatorSet = BillsProvider &
  ProviderFloat & {
    /** the aggregators this deployment sells through */
    names: BillsProviderName[];
    member(name: BillsProviderName): AggregatorMember | undefined;
  };

/**
 * Every aggregator behind the one port: each call goes to the provider it names (VTpass when it names none).
 * The catalogue, the callbacks read here and the float are VTpass's: the catalogue is VTpass's, and every other
 * provider is reached by its own webhook route and its own float reading.
 */
export function createAggregatorSet(
  members: { vtpass: AggregatorMember } & Partial<Record<BillsProviderName, AggregatorMember>>,
): AggregatorSet {
  const member = (name: BillsProviderName = 'vtpass'): AggregatorMember => {
    const found = members[name];
    // a purchase names only a provider routing chose from `names`, so this is a wiring fault
    if (!found) throw new Error(`the ${name} provider is not set up in this deployment`);
    return found;
  };
  const { vtpass } = members;
  return {
    names: (Object.keys(members) as BillsProviderName[]).filter((name) => members[name]),
    member: (name) => members[name],
    newRequestId: (now, mode, provider) => member(provider).newRequestId(now, mode),
    purchase: (request) => member(request.provider).purchase(request),
    requery: (requestId, provider) => member(provider).requery(requestId),
    verifyCustomer: (check) => member(check.provider).verifyCustomer(check),
    readCallback: (body) => vtpass.readCallback(body),
    listServices: (category) => vtpass.listServices(category),
    listVariations: (serviceId) => vtpass.listVariations(serviceId),
    balance: () => vtpass.balance(),
  };
}
