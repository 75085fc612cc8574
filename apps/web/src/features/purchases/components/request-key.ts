type Stored = { requestId: string; fingerprint: string | null };

function newRequestId(): string {
  return crypto.randomUUID();
}

/**
 * The idempotency key of one purchase form. It is made when the form opens and kept (in sessionStorage,
 * so a reload keeps it too) until the purchase is final or the inputs change: a double tap, a retry
 * after a dropped connection or a reload sends the same key, and the server answers with the same
 * purchase instead of making a second one.
 */
export class RequestKeyStore {
  private stored: Stored;
  private readonly storageKey: string;

  constructor(form: string) {
    this.storageKey = `quickvend:purchase-key:${form}`;
    this.stored = this.read() ?? this.save({ requestId: newRequestId(), fingerprint: null });
  }

  /** The key of a purchase that was sent but whose outcome this page has not seen (after a reload). */
  get unresolvedRequestId(): string | null {
    return this.stored.fingerprint === null ? null : this.stored.requestId;
  }

  /** The key for these inputs: the same one again, or a new one when the inputs changed. */
  keyFor(fingerprint: string): string {
    if (this.stored.fingerprint !== null && this.stored.fingerprint !== fingerprint) {
      this.save({ requestId: newRequestId(), fingerprint });
    } else if (this.stored.fingerprint === null) {
      this.save({ ...this.stored, fingerprint });
    }
    return this.stored.requestId;
  }

  /** The purchase is final, or the server refused the request: the next one gets a new key. */
  renew(): void {
    this.save({ requestId: newRequestId(), fingerprint: null });
  }

  private read(): Stored | null {
    try {
      const raw = window.sessionStorage.getItem(this.storageKey);
      if (raw === null) return null;
      const parsed: unknown = JSON.parse(raw);
      if (
        typeof parsed === 'object' &&
        parsed !== null &&
        'requestId' in parsed &&
        typeof parsed.requestId === 'string' &&
        'fingerprint' in parsed &&
        (typeof parsed.fingerprint === 'string' || parsed.fingerprint === null)
      ) {
        return { requestId: parsed.requestId, fingerprint: parsed.fingerprint };
      }
    } catch {
      // storage blocked or garbled: a fresh key is always safe
    }
    return null;
  }

  private save(next: Stored): Stored {
    this.stored = next;
    try {
      window.sessionStorage.setItem(this.storageKey, JSON.stringify(next));
    } catch {
      // private mode without storage: the key still lives for this page
    }
    return next;
  }
}
