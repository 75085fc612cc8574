type SkeletonProps = { className?: string };

/** A grey placeholder of the size of what is loading, so nothing jumps when it arrives. */
export function Skeleton({ className = 'h-4 w-full' }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={`block animate-pulse rounded bg-gray-200 motion-reduce:animate-none ${className}`}
    />
  );
}

export function SkeletonList({ rows = 3 }: { rows?: number }) {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-14 w-full" />
      ))}
    </div>
  );
}
