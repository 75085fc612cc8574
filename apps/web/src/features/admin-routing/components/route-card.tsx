import { useId, useState } from 'react';
import type { ServiceRouteView } from '@quickvend/shared/api/admin-routing';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { BILLS_PROVIDER_LABELS } from '@quickvend/shared/providers';
import { Button } from '@/components/ui/button.tsx';
import { StatusMessage, type StatusTone } from '@/components/ui/status-message.tsx';
import { providerFigures, routeInWords } from './route-words.ts';
import { RouteForm } from './route-form.tsx';

const roleLabels = { primary: 'First', fallback: 'Fallback', off: 'Not used' } as const;

/** One service: where it is sold, each provider's figures, and a way to change it. */
export function RouteCard({ service }: { service: ServiceRouteView }) {
  const headingId = useId();
  const [isEditing, setIsEditing] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; tone: StatusTone } | null>(null);
  const isOff = service.primary === null;

  return (
    <section
      aria-labelledby={headingId}
      className={`flex flex-col gap-3 rounded-xl border bg-white p-4 ${isOff ? 'border-red-300' : 'border-gray-200'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-base font-bold text-gray-900">
          {service.name}
        </h3>
        <p className={`text-sm font-semibold ${isOff ? 'text-red-800' : 'text-gray-900'}`}>
          {routeInWords(service)}
        </p>
      </div>
      <ul className="flex flex-col gap-1 text-sm">
        {service.providers.map((provider) => (
          <li key={provider.provider} className="flex flex-wrap justify-between gap-x-3">
            <span className="font-medium text-gray-900">
              {BILLS_PROVIDER_LABELS[provider.provider]}
              <span className="font-normal text-gray-600"> · {roleLabels[provider.role]}</span>
            </span>
            <span className="text-gray-700 tabular-nums">{providerFigures(provider)}</span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-gray-600">
        {service.updatedAt
          ? `Last changed on ${formatLagosDateTime(service.updatedAt)}.`
          : 'Never changed: this is the default.'}
      </p>
      {outcome ? <StatusMessage message={outcome.text} tone={outcome.tone} /> : null}
      {isEditing ? (
        <RouteForm
          service={service}
          onDone={(done) => {
            setOutcome(done);
            if (done.tone !== 'error') setIsEditing(false);
          }}
          onCancel={() => {
            setIsEditing(false);
          }}
        />
      ) : (
        <div>
          <Button
            variant="secondary"
            aria-label={`Change where ${service.name} is sold`}
            onClick={() => {
              setOutcome(null);
              setIsEditing(true);
            }}
          >
            Change
          </Button>
        </div>
      )}
    </section>
  );
}
