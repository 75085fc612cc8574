/**
 * Contact details shown on the landing page and in the sidebar.
 * Placeholders until the business supplies the real ones.
 */
export const site = {
  supportPhone: '+234 800 000 0000',
  supportPhoneHref: 'tel:+2348000000000',
  supportEmail: 'support@quickvend.example',
  socialGroupUrl: 'https://chat.whatsapp.com/',
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/' },
    { name: 'Instagram', url: 'https://www.instagram.com/' },
    { name: 'WhatsApp', url: 'https://wa.me/2348000000000' },
    { name: 'GitHub', url: 'https://github.com/' },
  ],
  surveyNotice:
    'We would love your feedback! Take our short survey from the Profile page and help us make QuickVend better for you.',
} as const;

export type SocialNetwork = (typeof site.social)[number]['name'];
