export type IconName =
  | 'home'
  | 'cart'
  | 'data'
  | 'bills'
  | 'settings'
  | 'gift'
  | 'globe'
  | 'phone'
  | 'users'
  | 'logout'
  | 'menu'
  | 'close'
  | 'chevron'
  | 'collapse'
  | 'wallet'
  | 'list'
  | 'bolt'
  | 'school'
  | 'dot'
  | 'bell'
  | 'shield';

/** 24px stroke icons, drawn here so no icon font or image is fetched (plain data: pages without React draw them too). */
export const iconShapes: Record<IconName, string> = {
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  cart: 'M3 4h2l2.4 11h11.2L21 7H6.2M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2zm9 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
  data: 'M5 20v-4m5 4v-8m5 8V8m5 12V4',
  bills: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6m-6 4h6',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.5 7.5 0 0 0-2-1.2L14.5 3h-4l-.4 2.6a7.5 7.5 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 0 0 2 1.2l.4 2.6h4l.4-2.6a7.5 7.5 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z',
  gift: 'M4 11h16v10H4zM3 7h18v4H3zm9 0v14M12 7S10.5 3 8 3.5 7 7 12 7zm0 0s1.5-4 4-3.5S17 7 12 7z',
  globe:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 10a7 7 0 0 1 14 0M17 3a4 4 0 0 1 0 8m5 10a7 7 0 0 0-4-6.3',
  logout: 'M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4M10 17l5-5-5-5M15 12H3',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  chevron: 'M6 9l6 6 6-6',
  collapse: 'M15 6l-6 6 6 6',
  wallet: 'M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zm0 0V6a2 2 0 0 1 2-2h11M17 14h.01',
  list: 'M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  school: 'M2 9l10-5 10 5-10 5zm4 2v5c0 1.7 2.7 3 6 3s6-1.3 6-3v-5M22 9v6',
  dot: 'M12 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
  bell: 'M6 16v-5a6 6 0 1 1 12 0v5l2 2H4zm4 5a2 2 0 0 0 4 0',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
};
