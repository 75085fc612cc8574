import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export type Tab<K extends string> = { key: K; label: string; content: ReactNode };

type TabsProps<K extends string> = {
  /** names the tab list for screen readers */
  label: string;
  tabs: readonly Tab<K>[];
  selected: K;
  onSelect: (key: K) => void;
};

/**
 * Tabs as WAI-ARIA describes them: the arrow keys, Home and End move between tabs, and only the chosen
 * tab's panel is in the page.
 */
export function Tabs<K extends string>({ label, tabs, selected, onSelect }: TabsProps<K>) {
  const id = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const current = tabs.find((tab) => tab.key === selected) ?? tabs[0];

  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.key);
    buttons.current.get(tab.key)?.focus();
  };

  return (
    <div className="flex flex-col">
      <div role="tablist" aria-label={label} className="flex gap-1 border-b border-gray-200">
        {tabs.map((tab, index) => {
          const isSelected = tab.key === current?.key;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) buttons.current.set(tab.key, element);
                else buttons.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              aria-selected={isSelected}
              aria-controls={`${id}-panel-${tab.key}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => {
                onSelect(tab.key);
              }}
              onKeyDown={(event) => {
                move(event, index);
              }}
              className={`-mb-px min-h-11 border-b-2 px-4 text-base font-semibold focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-brand-500 ${
                isSelected
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-gray-600 hover:text-gray-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {current ? (
        <div
          role="tabpanel"
          id={`${id}-panel-${current.key}`}
          aria-labelledby={`${id}-tab-${current.key}`}
          className="pt-4"
        >
          {current.content}
        </div>
      ) : null}
    </div>
  );
}
