import { Select } from '../ui/select.tsx';

type Order = 'asc' | 'desc';

/** One way to sort a list, as the select offers it: `Newest first` is createdAt, descending. */
export type SortChoice<S extends string> = { sort: S; order: Order; label: string };

/** The sort select of a back-office list; a choice it does not offer cannot be picked. */
export function SortSelect<S extends string>({
  choices,
  sort,
  order,
  onChange,
  className,
}: {
  choices: readonly SortChoice<S>[];
  sort: S;
  order: Order;
  onChange: (next: { sort: S; order: Order }) => void;
  className?: string;
}) {
  const keyOf = (choice: { sort: string; order: Order }) => `${choice.sort}:${choice.order}`;
  return (
    <Select
      label="Sort by"
      {...(className !== undefined && { className })}
      value={keyOf({ sort, order })}
      onChange={(event) => {
        const chosen = choices.find((choice) => keyOf(choice) === event.target.value);
        if (chosen) onChange({ sort: chosen.sort, order: chosen.order });
      }}
    >
      {choices.map((choice) => (
        <option key={keyOf(choice)} value={keyOf(choice)}>
          {choice.label}
        </option>
      ))}
    </Select>
  );
}

/** How many rows a page of a back-office list shows. */
export function PageSizeSelect({
  sizes,
  pageSize,
  onChange,
  className,
}: {
  sizes: readonly number[];
  pageSize: number;
  onChange: (pageSize: number) => void;
  className?: string;
}) {
  return (
    <Select
      label="Per page"
      {...(className !== undefined && { className })}
      value={String(pageSize)}
      onChange={(event) => {
        onChange(Number(event.target.value));
      }}
    >
      {sizes.map((size) => (
        <option key={size} value={size}>
          {size}
        </option>
      ))}
    </Select>
  );
}
