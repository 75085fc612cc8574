import { PRODUCT_NAME } from '@quickvend/shared/services';

export function BrandMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#065f46" />
      <path d="M36 8 18 36h12l-4 20 20-30H34z" fill="#fbbf24" />
    </svg>
  );
}

/** The product's mark and name; the name is the accessible text. */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 font-extrabold tracking-tight text-brand-900">
      <BrandMark />
      <span className={compact ? 'sr-only' : 'text-lg'}>{PRODUCT_NAME}</span>
    </span>
  );
}
