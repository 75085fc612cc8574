import type { Variation } from '@quickvend/shared/api/purchases';
import { formatNaira } from '@quickvend/shared/money';
import { iconShapes, type IconName } from '@/components/ui/icon-shapes.ts';
import { offlineText } from '@/components/ui/offline-text.ts';
import { paths } from '@/lib/paths.ts';
import { wasSignedIn } from '@/lib/session-hint.ts';
import { contactLinks, type ContactLink } from './components/contact-links.ts';
import { landingTexts, livePriceTexts } from './components/landing-texts.ts';
import { featuredData, featuredTv, pickPlans, readPlans } from './components/price-list.ts';

/*
 * The landing as `/` serves it is HTML rendered at build. This small module, not React, makes it live: it
 * fills the price placeholders from the services API, adds the support contacts the server is configured
 * with, and works the phone menu and the offline notice. It draws the same markup React draws in the app.
 */

type Row = { label: string; plan: Variation };

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (className) made.className = className;
  made.append(...children);
  return made;
}

function link(href: string, className: string, ...children: (Node | string)[]): HTMLAnchorElement {
  const made = element('a', className, ...children);
  made.href = href;
  return made;
}

function icon(name: IconName): SVGSVGElement {
  const svgNs = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(svgNs, 'svg');
  const attributes = {
    viewBox: '0 0 24 24',
    class: 'h-5 w-5',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    focusable: 'false',
  };
  for (const [key, value] of Object.entries(attributes)) svg.setAttribute(key, value);
  const path = document.createElementNS(svgNs, 'path');
  path.setAttribute('d', iconShapes[name]);
  svg.append(path);
  return svg;
}

async function getJson(path: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(path, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw new Error(`${path} answered ${String(response.status)}`);
  return response.json();
}

/** A service's plans, or null when they cannot be read: a price is never guessed. */
function plansOf(serviceId: string, signal: AbortSignal): Promise<Variation[] | null> {
  return getJson(`/api/v1/services/${encodeURIComponent(serviceId)}/variations`, signal).then(
    readPlans,
    () => null,
  );
}

function priceRow({ label, plan }: Row): HTMLElement {
  const price = element(
    'dd',
    'shrink-0 text-right font-semibold whitespace-nowrap text-gray-900 tabular-nums',
    formatNaira(plan.priceKobo),
  );
  if (plan.priceKobo < plan.amountKobo) {
    price.prepend(
      element('span', 'block text-xs font-normal text-gray-600 line-through', formatNaira(plan.amountKobo)),
    );
  }
  return element(
    'div',
    'flex items-baseline justify-between gap-2 py-2',
    element('dt', 'text-gray-700', label),
    price,
  );
}

/** Puts the rows in the card's list, or says the prices could not be loaded in place of the list and its link. */
function fillCard(card: Element, rows: Row[]): void {
  const list = card.querySelector('dl');
  if (!list) return;
  if (rows.length > 0) {
    list.replaceChildren(...rows.map(priceRow));
    list.setAttribute('aria-busy', 'false');
    return;
  }
  const seeAll = link(paths.dataPricing, 'font-semibold text-brand-800 underline', livePriceTexts.seeAll);
  for (const old of card.querySelectorAll(':scope > a')) old.remove();
  list.replaceWith(element('p', 'mt-3 text-sm text-gray-700', livePriceTexts.unavailable, ' ', seeAll));
}

function fillPrices(root: HTMLElement, signal: AbortSignal): void {
  for (const group of featuredTv) {
    const card = root.querySelector(`[data-plans="${group.serviceId}"]`);
    if (!card) continue;
    void plansOf(group.serviceId, signal).then((plans) => {
      if (!signal.aborted) fillCard(card, plans ? pickPlans(group.plans, plans) : []);
    });
  }
  const dataCard = root.querySelector('[data-plans="data"]');
  if (!dataCard) return;
  void Promise.all(featuredData.map((group) => plansOf(group.serviceId, signal))).then((lists) => {
    if (signal.aborted) return;
    const rows = featuredData.flatMap((group, index) => {
      const plans = lists[index];
      return plans ? pickPlans(group.plans, plans) : [];
    });
    fillCard(dataCard, rows);
  });
}

/** Asks for the prices once the price list comes near the screen (at once where the browser cannot tell). */
function fillPricesWhenNear(root: HTMLElement, signal: AbortSignal): void {
  const pricing = root.querySelector('[data-plans]')?.parentElement;
  if (!pricing || typeof IntersectionObserver === 'undefined') {
    fillPrices(root, signal);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      fillPrices(root, signal);
    },
    { rootMargin: '400px 0px' },
  );
  observer.observe(pricing);
  signal.addEventListener('abort', () => {
    observer.disconnect();
  });
}

const contactIcons: Record<ContactLink['kind'], IconName> = {
  phone: 'phone',
  whatsapp: 'phone',
  email: 'globe',
  social: 'users',
};

function contactLink(contact: ContactLink, className: string, ...children: (Node | string)[]) {
  const made = link(contact.href, className, ...children);
  if (contact.kind === 'social' || contact.kind === 'whatsapp') {
    made.target = '_blank';
    made.rel = 'noreferrer';
  }
  return element('li', '', made);
}

/** Adds the contacts to the Contact section and the footer; nothing when none are configured. */
function showContacts(root: HTMLElement, contacts: ContactLink[]): void {
  if (contacts.length === 0) return;
  const heading = root.querySelector('#contact-heading')?.parentElement;
  if (heading) {
    heading.append(element('p', 'mt-2 text-gray-700', landingTexts.contactIntro));
    const direct = contacts.filter((contact) => contact.kind !== 'social');
    heading.after(
      element(
        'ul',
        'flex flex-col gap-3 sm:flex-row sm:flex-wrap',
        ...direct.map((contact) =>
          contactLink(
            contact,
            'inline-flex min-h-11 items-center gap-2 font-semibold text-brand-900 underline',
            icon(contactIcons[contact.kind]),
            ` ${contact.label}`,
          ),
        ),
      ),
    );
  }
  root
    .querySelector('[data-footer-columns]')
    ?.append(
      element(
        'div',
        '',
        element('h2', 'font-semibold text-white', 'Contact'),
        element(
          'ul',
          'mt-2 space-y-1 text-sm',
          ...contacts.map((contact) =>
            contactLink(contact, 'inline-flex min-h-11 items-center underline', contact.label),
          ),
        ),
      ),
    );
}

function workMenu(root: HTMLElement, signal: AbortSignal): void {
  const button = root.querySelector<HTMLButtonElement>('button[aria-controls="landing-menu"]');
  const menu = root.querySelector<HTMLElement>('#landing-menu');
  if (!button || !menu) return;
  const setOpen = (isOpen: boolean) => {
    menu.hidden = !isOpen;
    button.setAttribute('aria-expanded', String(isOpen));
    button.querySelector('path')?.setAttribute('d', iconShapes[isOpen ? 'close' : 'menu']);
  };
  button.addEventListener(
    'click',
    () => {
      setOpen(menu.hidden);
    },
    { signal },
  );
  menu.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
    },
    { signal },
  );
}

/** The offline notice, in the live region rendered at build, so the change is announced. */
function workOfflineNotice(root: HTMLElement, signal: AbortSignal): void {
  const region = root.querySelector(':scope > [aria-live="polite"]');
  if (!region) return;
  const notice = element(
    'p',
    'offline-banner fixed inset-x-0 bottom-0 z-50 bg-gray-900 px-3 py-2 text-center text-sm font-semibold text-white',
    offlineText,
  );
  const update = () => {
    region.replaceChildren(...(navigator.onLine ? [] : [notice]));
  };
  update();
  window.addEventListener('online', update, { signal });
  window.addEventListener('offline', update, { signal });
}

/**
 * A visitor this browser was signed in for is offered the dashboard: the header swaps its links in place (both
 * kinds share one cell, so nothing moves) and Get Started goes to the dashboard, as in the app.
 */
function showSession(root: HTMLElement): void {
  if (!wasSignedIn()) return;
  root.querySelector('header')?.setAttribute('data-signed-in', '');
  for (const start of root.querySelectorAll<HTMLAnchorElement>('a[data-start]')) start.href = paths.dashboard;
}

/** Makes the landing rendered at build into `root` live; returns what stops it (for tests). */
export function bringLandingToLife(root: HTMLElement): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  showSession(root);
  workMenu(root, signal);
  workOfflineNotice(root, signal);
  const year = root.querySelector('footer > p');
  // rendered at build: the year may have turned since
  if (year?.textContent)
    year.textContent = year.textContent.replace(/\d{4}/, String(new Date().getFullYear()));
  fillPricesWhenNear(root, signal);
  getJson('/api/v1/meta', signal).then(
    (meta) => {
      if (!signal.aborted) showContacts(root, contactLinks(meta));
    },
    () => {
      // no contacts shown: nothing is guessed
    },
  );
  return () => {
    controller.abort();
  };
}
