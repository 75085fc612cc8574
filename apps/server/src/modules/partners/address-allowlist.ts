import { BlockList, isIP } from 'node:net';

/** An allowlist as node matches addresses; an entry it cannot read matches nothing. */
export function toBlockList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    try {
      if (prefix === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(prefix), family);
    } catch {
      // validated on the way in; a bad entry only narrows the list
    }
  }
  return list;
}

export function isAllowedFrom(list: BlockList, ip: string): boolean {
  const family = isIP(ip);
  return family !== 0 && list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}
