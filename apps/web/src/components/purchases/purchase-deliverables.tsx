import type { Purchase } from '@quickvend/shared/api/purchases';
import { groupToken, tokenDigits } from '@quickvend/shared/bills';
import { CopyButton } from '../ui/copy-button.tsx';

/** What a purchase handed over to keep: an electricity token (large, in fours) and units, or exam PINs. */
export function PurchaseDeliverables({ purchase }: { purchase: Purchase }) {
  const pins = purchase.pins ?? [];
  if (purchase.token === null && pins.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {purchase.token !== null ? (
        <section aria-label="Token" className="flex flex-col gap-1.5">
          <h3 className="text-sm font-semibold text-gray-700">Token</h3>
          <p
            data-testid="token"
            className="font-mono text-[1.65rem] leading-tight font-extrabold tracking-wide text-gray-900 tabular-nums"
          >
            {groupToken(purchase.token)}
          </p>
          {purchase.units ? (
            <p className="text-sm text-gray-800">
              <span className="font-semibold">Units:</span> {purchase.units}
            </p>
          ) : null}
          <CopyButton text={tokenDigits(purchase.token)} what="token" />
        </section>
      ) : null}
      {pins.length > 0 ? (
        <section aria-label={pins.length === 1 ? 'PIN' : 'PINs'} className="flex flex-col gap-1.5">
          <h3 className="text-sm font-semibold text-gray-700">{pins.length === 1 ? 'PIN' : 'PINs'}</h3>
          <ol className="flex flex-col gap-2">
            {pins.map((pin, index) => (
              <li
                key={`${pin.pin}-${index}`}
                className="flex items-center justify-between gap-2 rounded-lg bg-gray-50 px-2.5 py-1.5"
              >
                <div className="min-w-0">
                  <p className="font-mono text-lg font-extrabold break-all text-gray-900">{pin.pin}</p>
                  {pin.serial ? (
                    <p className="font-mono text-xs break-all text-gray-700">Serial {pin.serial}</p>
                  ) : null}
                </div>
                <CopyButton text={pin.pin} what={`PIN ${index + 1}`} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
