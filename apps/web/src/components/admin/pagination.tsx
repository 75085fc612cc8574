import { Button } from '../ui/button.tsx';

type PaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  /** what is counted, in the plural: `users` */
  noun: string;
  onPage: (page: number) => void;
};

/** Where the list stands (`21–40 of 95 users`) with the way to the pages either side. */
export function Pagination({ page, pageSize, total, noun, onPage }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-gray-700" aria-live="polite">
        {total === 0 ? `No ${noun}` : `${first}–${last} of ${total} ${noun}`} · Page {Math.min(page, pages)}{' '}
        of {pages}
      </p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          disabled={page <= 1}
          onClick={() => {
            onPage(page - 1);
          }}
        >
          Previous
        </Button>
        <Button
          variant="secondary"
          disabled={page >= pages}
          onClick={() => {
            onPage(page + 1);
          }}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
