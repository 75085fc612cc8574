import { API_DOCS_PATH, PRODUCT_NAME } from '@quickvend/shared/services';
import { LandingLayout, type LandingNavItem } from '@/components/layouts/landing-layout.tsx';
import { AppLink, AppLinkButton } from '@/components/ui/app-link.tsx';
import { Icon, type IconName } from '@/components/ui/icons.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { ProviderLogo, type ProviderId } from '@/components/ui/logos.tsx';
import { paths } from '@/lib/paths.ts';
import { landingTexts } from './landing-texts.ts';
import { LivePrices } from './live-prices.tsx';
import { VALIDITY } from './price-list.ts';
import type { ContactLink } from './contact-links.ts';
import { useContactLinks } from './use-contact-links.ts';

export const landingNav: LandingNavItem[] = [
  { label: 'Home', href: '#home' },
  { label: 'About us', href: '#about' },
  { label: 'Our Services', href: '#services' },
  { label: 'Pricing', href: '#pricing' },
  { label: 'Contact', href: '#contact' },
];

export { landingTexts };

type Service = {
  name: string;
  text: string;
  to: string;
  /** what the card's button says: subscriptions are subscribed to, the rest is bought */
  action: 'Buy' | 'Subscribe';
  provider?: ProviderId;
  icon?: IconName;
};

const services: Service[] = [
  {
    name: 'Airtime',
    text: 'Top up any MTN, Glo, Airtel or 9mobile line instantly.',
    to: paths.airtime,
    action: 'Buy',
    provider: 'mtn',
  },
  {
    name: 'ShowMax',
    text: 'Renew your Showmax plan without leaving home.',
    to: paths.showmax,
    action: 'Subscribe',
    provider: 'showmax',
  },
  {
    name: 'Dstv',
    text: 'Pay your DStv subscription and stay on air.',
    to: paths.dstv,
    action: 'Subscribe',
    provider: 'dstv',
  },
  {
    name: 'BroadBand',
    text: 'Big data bundles for home and office internet.',
    to: paths.data,
    action: 'Buy',
    icon: 'globe',
  },
  {
    name: 'Utility',
    text: 'Electricity tokens for every distribution company.',
    to: paths.electricity,
    action: 'Buy',
    icon: 'bills',
  },
  {
    name: 'Data plans',
    text: 'Cheap data on every network, valid for 30 days.',
    to: paths.data,
    action: 'Buy',
    icon: 'data',
  },
];

const values = [
  {
    title: 'Reliability & Speed',
    text: 'Your top-up is sent the moment you pay, and you always see whether it was delivered.',
  },
  {
    title: 'Premium Customer Support',
    text: 'Real people ready to help, any hour of the day, whenever a top-up needs a hand.',
  },
  {
    title: 'Affordability',
    text: 'Discounted prices on data, airtime and bills, so your money goes further.',
  },
];

function SectionHeading({ id, title, intro }: { id: string; title: string; intro?: string }) {
  return (
    <div className="mb-6 max-w-2xl">
      <h2 id={id} className="text-2xl font-bold text-gray-900 sm:text-3xl">
        {title}
      </h2>
      {intro ? <p className="mt-2 text-gray-700">{intro}</p> : null}
    </div>
  );
}

const contactIcons: Record<ContactLink['kind'], IconName> = {
  phone: 'phone',
  whatsapp: 'phone',
  email: 'globe',
  social: 'users',
};

function isExternal(link: ContactLink) {
  return link.kind === 'social' || link.kind === 'whatsapp';
}

/**
 * The public pages' footer. Its contact column lists what the server is configured with and is left out when
 * nothing is; the landing passes the contacts it already asked for.
 */
export function LandingFooter({ contacts }: { contacts?: ContactLink[] }) {
  const asked = useContactLinks(contacts === undefined);
  const links = contacts ?? asked;
  return (
    <footer className="bg-brand-900 text-gray-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3" data-footer-columns>
        <div>
          <p className="text-lg font-bold text-white">{PRODUCT_NAME}</p>
          <p className="mt-2 text-sm">
            {PRODUCT_NAME} is built by a small team in Nigeria who believe topping up and paying bills should
            take seconds, cost less and never leave you guessing.
          </p>
          <a className="mt-2 inline-flex min-h-11 items-center text-sm underline" href={API_DOCS_PATH}>
            API for resellers
          </a>
        </div>
        <div>
          <h2 className="font-semibold text-white">Services</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {['Airtime', 'Data plans', 'Cable TV', 'Showmax', 'Electricity'].map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
        {links.length > 0 ? (
          <div>
            <h2 className="font-semibold text-white">Contact</h2>
            <ul className="mt-2 space-y-1 text-sm">
              {links.map((link) => (
                <li key={link.href}>
                  <a
                    className="inline-flex min-h-11 items-center underline"
                    href={link.href}
                    {...(isExternal(link) ? { target: '_blank', rel: 'noreferrer' } : {})}
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {/* rendered at build: the year may have turned since */}
      <p className="border-t border-white/20 px-4 py-4 text-center text-xs" suppressHydrationWarning>
        © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
      </p>
    </footer>
  );
}

/**
 * The home page. It is rendered to HTML at build and needs neither the router nor a request to show; there
 * ../live-landing.ts offers a signed-in visitor the dashboard, and in the app the route says so.
 */
export function LandingPage({
  isSignedIn = false,
  contacts: given,
  notice = null,
}: {
  isSignedIn?: boolean;
  /** the support contacts, when the caller already has them (the app); otherwise the page asks for them */
  contacts?: ContactLink[];
  /** a word from the page before (the account was closed) */
  notice?: string | null;
}) {
  const asked = useContactLinks(given === undefined);
  const contacts = given ?? asked;
  return (
    <LandingLayout
      nav={landingNav}
      signupPath={paths.signup}
      isSignedIn={isSignedIn}
      footer={<LandingFooter contacts={contacts} />}
    >
      <title>{`${PRODUCT_NAME}: airtime, data and bills in seconds`}</title>
      <section aria-label="Welcome" className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-10 sm:py-16">
          {notice ? <StatusMessage message={notice} tone="success" /> : null}
          <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
            Airtime · Data · TV · Bills
          </p>
          <h1 className="max-w-3xl text-3xl leading-tight font-extrabold text-gray-900 sm:text-5xl">
            {landingTexts.headline}
          </h1>
          <p className="text-base font-semibold text-brand-900">{landingTexts.promise}</p>
          <p className="max-w-xl text-lg text-gray-700">
            Fund your wallet once, then top up phones, buy data and pay TV and electricity bills in a few
            taps.
          </p>
          <div>
            <AppLinkButton to={isSignedIn ? paths.dashboard : paths.signup} data-start="">
              Get Started
            </AppLinkButton>
          </div>
        </div>
      </section>

      <section
        aria-labelledby="services-heading"
        id="services"
        className="mx-auto max-w-6xl scroll-mt-16 px-4 py-12"
      >
        <SectionHeading
          id="services-heading"
          title="Our Services"
          intro="Everything you pay for every month, in one place."
        />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li
              key={service.name}
              className="flex flex-col gap-3 rounded-2xl border border-gray-200 p-5 shadow-sm"
            >
              <div className="flex items-center gap-3">
                {service.provider ? (
                  <ProviderLogo provider={service.provider} className="h-11 w-11" />
                ) : (
                  <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-800">
                    <Icon name={service.icon ?? 'dot'} className="h-6 w-6" />
                  </span>
                )}
                <h3 className="text-lg font-bold text-gray-900">{service.name}</h3>
              </div>
              <p className="flex-1 text-gray-700">{service.text}</p>
              <AppLinkButton to={service.to} variant="secondary">
                {service.action}
                <span className="sr-only">
                  {service.action === 'Buy' ? ` ${service.name}` : ` to ${service.name}`}
                </span>
              </AppLinkButton>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="pricing-heading" id="pricing" className="scroll-mt-16 bg-gray-50">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <SectionHeading
            id="pricing-heading"
            title="Pricing"
            intro={`Popular plans. Every plan is valid for ${VALIDITY}.`}
          />
          <LivePrices />
          <p className="mt-4 text-sm text-gray-700">All plans: {VALIDITY}.</p>
        </div>
      </section>

      <section
        aria-labelledby="about-heading"
        id="about"
        className="mx-auto max-w-6xl scroll-mt-16 px-4 py-12"
      >
        <SectionHeading
          id="about-heading"
          title="About us"
          intro={`What you can count on with ${PRODUCT_NAME}.`}
        />
        <ul className="grid gap-4 sm:grid-cols-3">
          {values.map((value) => (
            <li key={value.title} className="rounded-2xl border border-gray-200 p-5">
              <h3 className="text-lg font-bold text-gray-900">{value.title}</h3>
              <p className="mt-2 text-gray-700">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="contact-heading" id="contact" className="scroll-mt-16 bg-brand-50">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <SectionHeading
            id="contact-heading"
            title="Contact"
            {...(contacts.length > 0 ? { intro: landingTexts.contactIntro } : {})}
          />
          {contacts.length > 0 ? (
            <ul className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              {contacts
                .filter((link) => link.kind !== 'social')
                .map((link) => (
                  <li key={link.href}>
                    <a
                      href={link.href}
                      className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-900 underline"
                      {...(isExternal(link) ? { target: '_blank', rel: 'noreferrer' } : {})}
                    >
                      <Icon name={contactIcons[link.kind]} /> {link.label}
                    </a>
                  </li>
                ))}
            </ul>
          ) : null}
          <p className="mt-4 text-gray-700">
            New here?{' '}
            <AppLink to={paths.signup} className="font-semibold text-brand-900 underline">
              Create a free account
            </AppLink>
            .
          </p>
        </div>
      </section>
    </LandingLayout>
  );
}
