import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPaystackLoader,
  PAYSTACK_INLINE_URL,
  paystackWindow,
  type PaystackPopClass,
} from './paystack-pop.ts';

class FakePaystackPop {
  resumeTransaction() {
    return undefined;
  }
}

function paystackScripts() {
  return [...document.querySelectorAll('script')].filter(
    (script) => script.getAttribute('src') === PAYSTACK_INLINE_URL,
  );
}

/** What the browser does when Paystack's script arrives: it runs (defining PaystackPop), then `load`. */
function scriptArrives(script: HTMLScriptElement | undefined, PaystackPop?: PaystackPopClass) {
  if (PaystackPop) paystackWindow().PaystackPop = PaystackPop;
  script?.dispatchEvent(new Event('load'));
}

afterEach(() => {
  for (const script of paystackScripts()) script.remove();
  delete paystackWindow().PaystackPop;
  vi.useRealTimers();
});

describe('loading Paystack Inline', () => {
  it('adds one script tag for any number of callers and gives them PaystackPop', async () => {
    const load = createPaystackLoader();
    const first = load();
    const second = load();
    expect(paystackScripts()).toHaveLength(1);
    scriptArrives(paystackScripts()[0], FakePaystackPop);
    await expect(first).resolves.toBe(FakePaystackPop);
    await expect(second).resolves.toBe(FakePaystackPop);
    await expect(load()).resolves.toBe(FakePaystackPop);
    expect(paystackScripts()).toHaveLength(1);
    expect(paystackScripts()[0]?.async).toBe(true);
  });

  it('adds no script when PaystackPop is already on the page', async () => {
    paystackWindow().PaystackPop = FakePaystackPop;
    await expect(createPaystackLoader()()).resolves.toBe(FakePaystackPop);
    expect(paystackScripts()).toHaveLength(0);
  });

  it('fails when the script does not load, and tries again with a new tag on the next call', async () => {
    const load = createPaystackLoader();
    const failing = load();
    paystackScripts()[0]?.dispatchEvent(new Event('error'));
    await expect(failing).rejects.toThrow('failed to load');
    expect(paystackScripts()).toHaveLength(0);
    const retry = load();
    expect(paystackScripts()).toHaveLength(1);
    scriptArrives(paystackScripts()[0], FakePaystackPop);
    await expect(retry).resolves.toBe(FakePaystackPop);
  });

  it('fails when the script loads without defining PaystackPop', async () => {
    const load = createPaystackLoader();
    const loading = load();
    scriptArrives(paystackScripts()[0]);
    await expect(loading).rejects.toThrow('without PaystackPop');
  });

  it('gives up after its timeout when the script never answers', async () => {
    vi.useFakeTimers();
    const load = createPaystackLoader({ timeoutMs: 5_000 });
    const loading = load();
    const outcome = expect(loading).rejects.toThrow('did not load within 5000 ms');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(paystackScripts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(paystackScripts()).toHaveLength(0);
  });
});
