const IPV4_PART = /^(0|[1-9]\d{0,2})$/;
const IPV6_GROUP = /^[0-9a-f]{1,4}$/i;

/** Dotted decimal: four parts of 0 to 255, without leading zeros (which some readers take for octal). */
export function isIpv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((part) => IPV4_PART.test(part) && Number(part) <= 255);
}

/** Eight groups of hex, `::` standing for one run of zero groups, the last two optionally as IPv4. No zone ids. */
export function isIpv6(value: string): boolean {
  let groupsText = value;
  if (value.includes('.')) {
    const lastColon = value.lastIndexOf(':');
    if (lastColon < 0 || !isIpv4(value.slice(lastColon + 1))) return false;
    groupsText = `${value.slice(0, lastColon + 1)}0:0`;
  }
  const halves = groupsText.split('::');
  const groupsOf = (text: string) => (text === '' ? [] : text.split(':'));
  if (halves.length > 2) return false;
  const groups = halves.flatMap(groupsOf);
  if (!groups.every((group) => IPV6_GROUP.test(group))) return false;
  return halves.length === 2 ? groups.length <= 7 : groups.length === 8;
}

/** An IPv4 or IPv6 address, or a CIDR block of either (`203.0.113.0/24`, `2001:db8::/32`). */
export function isCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  if (rest.length > 0) return false;
  const maxPrefix = isIpv4(address) ? 32 : isIpv6(address) ? 128 : 0;
  if (maxPrefix === 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
}

/** The entries of a list typed by hand: separated by commas, spaces or new lines. */
export function splitAddressList(text: string): string[] {
  return text.split(/[\s,]+/).filter((entry) => entry !== '');
}
