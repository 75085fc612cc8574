import type { Network } from '@quickvend/shared/phone';
import { formatPhoneInput } from '@/lib/phone.ts';
import { Input } from './input.tsx';
import { ProviderLogo, providerLabel } from './logos.tsx';

type PhoneInputProps = {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  /** the network the number looks like, shown as a small badge */
  network?: Network | null | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  name?: string;
};

/**
 * A phone number field that accepts `0803 123 4567`, `+2348031234567` or `2348031234567`, groups the
 * digits as they are typed, opens the numeric keyboard and shows the network the number was issued on.
 */
export function PhoneInput({
  label = 'Phone number',
  value,
  onChange,
  network,
  hint,
  error,
  name,
}: PhoneInputProps) {
  return (
    <div className="relative">
      <Input
        label={label}
        type="text"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0803 123 4567"
        name={name}
        value={value}
        hint={hint}
        error={error}
        className="[&_input]:pr-14"
        onChange={(event) => {
          onChange(formatPhoneInput(event.target.value));
        }}
      />
      {network ? (
        <span className="pointer-events-none absolute top-[1.85rem] right-1.5">
          <ProviderLogo provider={network} className="h-8 w-8" title={`${providerLabel(network)} number`} />
        </span>
      ) : null}
    </div>
  );
}
