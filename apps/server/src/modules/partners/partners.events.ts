import { domainEvent } from '../../lib/domain-events.ts';

/** A key made or revoked, with the mail its owner gets about it. */
export type KeyChange = {
  kind: 'created' | 'revoked';
  owner: { id: string; email: string; name: string };
  key: { id: string; name: string; prefix: string };
  at: Date;
  mail: { to: string; subject: string; text: string };
};

export type ApiKeyChanged = {
  userId: string;
  keyId: string;
  keyName: string;
  at: string;
  /** the mail the owner is sent (it names the key and what to do) */
  email: { subject: string; text: string };
};

declare module '../../lib/domain-events.ts' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges
  interface DomainEventMap {
    'security.api-key-created': ApiKeyChanged;
    'security.api-key-revoked': ApiKeyChanged;
  }
}

export function keyChangedEvent(change: KeyChange) {
  const payload: ApiKeyChanged = {
    userId: change.owner.id,
    keyId: change.key.id,
    keyName: change.key.name,
    at: change.at.toISOString(),
    email: { subject: change.mail.subject, text: change.mail.text },
  };
  return change.kind === 'created'
    ? domainEvent('security.api-key-created', change.key.id, payload)
    : domainEvent('security.api-key-revoked', change.key.id, payload);
}
