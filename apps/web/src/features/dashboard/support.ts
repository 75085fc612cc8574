/** A phone number as written (`0801 234 5678`) as a link that dials it. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
