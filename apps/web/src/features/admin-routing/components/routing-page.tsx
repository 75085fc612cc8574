import { purchaseKind, type PurchaseKind } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useServiceRoutes } from '../api/get-service-routes.ts';
import { RouteCard } from './route-card.tsx';

const kindLabels: Record<PurchaseKind, string> = {
  airtime: 'Airtime',
  data: 'Data',
  tv: 'TV and streaming',
  electricity: 'Electricity',
  education: 'Exam PINs',
};

/**
 * `/admin/providers`: which aggregator sells each service first, which takes over after a definite failure, and
 * what each earned lately, so an admin routes by margin as well as by health. Any admin may change it (it moves
 * no money); every change is in the audit log.
 */
export function AdminRoutingPage() {
  const routes = useServiceRoutes();

  let content;
  if (routes.isPending)
    content = (
      <div aria-busy="true">
        <p className="mb-3 text-sm text-gray-700">{messages.admin.loading}</p>
        <SkeletonList rows={4} />
      </div>
    );
  else if (routes.isError)
    content = <StatusMessage message={`Error: ${routes.error.message}`} tone="error" />;
  else
    content = purchaseKind.options.map((kind) => {
      const services = routes.data.services.filter((service) => service.kind === kind);
      if (services.length === 0) return null;
      return (
        <section key={kind} aria-label={kindLabels[kind]} className="flex flex-col gap-3">
          <h2 className="text-lg font-bold text-gray-900">{kindLabels[kind]}</h2>
          <div className="grid gap-3 lg:grid-cols-2">
            {services.map((service) => (
              <RouteCard key={service.serviceId} service={service} />
            ))}
          </div>
        </section>
      );
    });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-gray-900">Providers</h1>
        <p className="text-sm text-gray-700">
          Each purchase goes to the service&apos;s first provider. Only when that provider says it failed
          (never when it is slow or unsure) does the purchase move, once, to the fallback. Margins are from
          delivered purchases of the last 30 days.
        </p>
      </div>
      {content}
    </div>
  );
}
