import { iconShapes as shapes, type IconName } from './icon-shapes.ts';

export type { IconName };

type IconProps = { name: IconName; className?: string };

/** A 24-unit outline icon drawn from one SVG path, in the text's colour, hidden from screen readers. */
export function PathIcon({ d, className = 'h-5 w-5' }: { d: string; className?: string | undefined }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

export function Icon({ name, className }: IconProps) {
  return <PathIcon d={shapes[name]} className={className} />;
}
