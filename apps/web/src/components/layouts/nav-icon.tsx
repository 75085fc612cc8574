import { Icon, PathIcon, type IconName } from '../ui/icons.tsx';

/** Icons only the navigation needs, drawn like the shared ones (24px strokes). */
const navShapes = {
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zm-3 9l2 2 4-4',
  tv: 'M4 8h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1zm4-5l4 4 4-4',
  mobile: 'M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm3 16h2',
  plus: 'M12 5v14M5 12h14',
  forward: 'M9 6l6 6-6 6',
  key: 'M14 10a4 4 0 1 0-3.5 4L9 15.5V18H6.5v2.5H3V17l6.5-6.5A4 4 0 0 0 14 10zm1.5-2.5h.01',
  tag: 'M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9zm5-4.5h.01',
} as const;

export type NavIconName = IconName | keyof typeof navShapes;

function isNavShape(name: NavIconName): name is keyof typeof navShapes {
  return name in navShapes;
}

export function NavIcon({ name, className }: { name: NavIconName; className?: string }) {
  return isNavShape(name) ? (
    <PathIcon d={navShapes[name]} className={className} />
  ) : (
    <Icon name={name} className={className} />
  );
}
