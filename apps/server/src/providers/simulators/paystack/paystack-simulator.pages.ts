// Server-rendered pages for the simulated checkout. The app's CSP forbids inline scripts and styles,
// so every page is plain HTML with one external stylesheet and form POSTs.

export type TestCard = { number: string; label: string };

export type Notice = { tone: 'error' | 'ok'; text: string };

type Page = { title: string; productName: string; cssHref: string; body: string };

export const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export const groupDigits = (digits: string): string => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

function renderPage({ title, productName, cssHref, body }: Page): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="${escapeHtml(cssHref)}"></head>
<body><header class="bar"><span class="brand">${escapeHtml(productName)}</span><span class="tag">Paystack test mode</span></header>
<main>${body}</main>
<footer>Paystack sandbox: no real money moves.</footer></body></html>`;
}

function renderNotice(notice: Notice | undefined): string {
  if (!notice) return '';
  const role = notice.tone === 'error' ? 'alert' : 'status';
  return `<div class="notice notice-${notice.tone}" role="${role}">${escapeHtml(notice.text)}</div>`;
}

export type CheckoutView = {
  productName: string;
  cssHref: string;
  amountText: string;
  email: string;
  payAction: string;
  cancelAction: string;
  cards: readonly TestCard[];
  selectedCard: string;
  notice?: Notice;
};

function renderSummary(view: { productName: string; amountText: string; email: string }): string {
  return `<section class="summary" aria-label="Payment summary">
<p class="merchant">Pay ${escapeHtml(view.productName)}</p>
<p class="amount">${escapeHtml(view.amountText)}</p>
<p class="email">${escapeHtml(view.email)}</p></section>`;
}

function renderCancelForm(action: string): string {
  return `<form method="post" action="${escapeHtml(action)}"><button type="submit" class="secondary">Cancel payment</button></form>`;
}

export function renderCheckoutPage(view: CheckoutView): string {
  const options = view.cards
    .map((card, index) => {
      const id = `card-${index}`;
      const checked = card.number === view.selectedCard ? ' checked' : '';
      return `<label class="option" for="${id}"><input type="radio" id="${id}" name="card" value="${card.number}"${checked}>
<span><span class="card-number">${groupDigits(card.number)}</span><span class="outcome">${escapeHtml(card.label)}</span></span></label>`;
    })
    .join('\n');
  const body = `<div class="panel">${renderSummary(view)}${renderNotice(view.notice)}
<form method="post" action="${escapeHtml(view.payAction)}">
<fieldset><legend>Choose a test card</legend>
${options}
</fieldset>
<label class="field" for="card_number">Or type a card number</label>
<input type="text" id="card_number" name="card_number" inputmode="numeric" autocomplete="off" aria-describedby="card_number_hint">
<p class="hint" id="card_number_hint">A typed number is used instead of the card selected above. Spaces are ignored.</p>
<button type="submit" class="primary">Pay ${escapeHtml(view.amountText)}</button>
</form>
${renderCancelForm(view.cancelAction)}</div>`;
  return renderPage({
    title: `Pay ${view.productName}`,
    productName: view.productName,
    cssHref: view.cssHref,
    body,
  });
}

export type PinView = {
  productName: string;
  cssHref: string;
  amountText: string;
  email: string;
  pinAction: string;
  cancelAction: string;
  cardText: string;
  notice?: Notice;
};

export function renderPinPage(view: PinView): string {
  const body = `<div class="panel">${renderSummary(view)}${renderNotice(view.notice)}
<form method="post" action="${escapeHtml(view.pinAction)}">
<label class="field" for="pin">Enter the 4-digit PIN for ${escapeHtml(view.cardText)}</label>
<input type="password" id="pin" name="pin" inputmode="numeric" autocomplete="off" maxlength="4" required aria-describedby="pin_hint">
<p class="hint" id="pin_hint">The test PIN is 1111.</p>
<button type="submit" class="primary">Authorize ${escapeHtml(view.amountText)}</button>
</form>
${renderCancelForm(view.cancelAction)}</div>`;
  return renderPage({
    title: `Enter PIN · ${view.productName}`,
    productName: view.productName,
    cssHref: view.cssHref,
    body,
  });
}

export type MessageView = {
  productName: string;
  cssHref: string;
  heading: string;
  text: string;
  tone: Notice['tone'];
  link?: { href: string; text: string };
};

export function renderMessagePage(view: MessageView): string {
  const link = view.link
    ? `<a class="link-button" href="${escapeHtml(view.link.href)}">${escapeHtml(view.link.text)}</a>`
    : '';
  const body = `<div class="panel"><h1>${escapeHtml(view.heading)}</h1>
${renderNotice({ tone: view.tone, text: view.text })}${link}</div>`;
  return renderPage({ title: view.heading, productName: view.productName, cssHref: view.cssHref, body });
}

export type TransferView = {
  productName: string;
  cssHref: string;
  action: string;
  accountNumber: string;
  account?: { name: string; bank: string; number: string };
  amountNaira: string;
  senderName: string;
  notice?: Notice;
};

export function renderTransferPage(view: TransferView): string {
  const account = view.account
    ? `<p class="account"><strong>${escapeHtml(view.account.name)}</strong><br>${escapeHtml(view.account.bank)} · ${escapeHtml(view.account.number)}</p>`
    : '';
  const body = `<div class="panel"><h1>Simulate a bank transfer</h1>
<p class="hint">Sends money to a dedicated account, as a customer's bank app would, and fires the charge.success webhook.</p>
${account}${renderNotice(view.notice)}
<form method="post" action="${escapeHtml(view.action)}">
<label class="field" for="account_number">Dedicated account number</label>
<input type="text" id="account_number" name="account_number" inputmode="numeric" autocomplete="off" maxlength="10" required value="${escapeHtml(view.accountNumber)}">
<label class="field spaced" for="amount_naira">Amount (₦)</label>
<input type="text" id="amount_naira" name="amount_naira" inputmode="decimal" autocomplete="off" required value="${escapeHtml(view.amountNaira)}">
<label class="field spaced" for="sender_name">Sender name</label>
<input type="text" id="sender_name" name="sender_name" autocomplete="off" value="${escapeHtml(view.senderName)}">
<button type="submit" class="primary spaced">Send transfer</button>
</form></div>`;
  return renderPage({
    title: 'Simulate a bank transfer',
    productName: view.productName,
    cssHref: view.cssHref,
    body,
  });
}

export const SIMULATOR_CSS = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f2f5f3;color:#1a1a1a;font-size:16px;line-height:1.45}
.bar{background:#0b5d3b;color:#fff;padding:12px 16px;display:flex;justify-content:space-between;align-items:center;gap:8px;flex-wrap:wrap}
.brand{font-weight:700;font-size:1.1rem}
.tag{font-size:.75rem;background:#fff;color:#0b5d3b;border-radius:999px;padding:2px 10px;font-weight:700}
main{max-width:440px;margin:0 auto;padding:16px 12px}
.panel{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:1.25rem;margin:0 0 12px}
.summary{text-align:center;margin-bottom:16px;padding-bottom:12px;border-bottom:1px solid #e3e9e5}
.summary p{margin:0}
.merchant{color:#444}
.amount{font-size:1.9rem;font-weight:700;color:#0b5d3b}
.email{color:#444;overflow-wrap:anywhere;margin:0 0 12px}
.account{color:#444;margin:0 0 12px;overflow-wrap:anywhere}
fieldset{border:0;padding:0;margin:0 0 16px;min-width:0}
legend{font-weight:600;margin-bottom:8px;padding:0}
.option{display:flex;align-items:center;gap:12px;min-height:56px;padding:8px 12px;border:1px solid #c5d0ca;border-radius:10px;margin-bottom:8px;cursor:pointer}
.option:has(input:checked){border-color:#0b5d3b;background:#eef6f1;box-shadow:inset 0 0 0 1px #0b5d3b}
.option input{width:22px;height:22px;margin:0;flex:none;accent-color:#0b5d3b}
.card-number{display:block;font-family:ui-monospace,"SFMono-Regular",Menlo,monospace;font-size:.95rem;letter-spacing:.02em}
.outcome{display:block;font-size:.85rem;color:#444}
.field{display:block;font-weight:600;margin-bottom:6px}
input[type=text],input[type=password]{width:100%;min-height:48px;padding:10px 12px;font-size:1rem;border:1px solid #8a9990;border-radius:10px;background:#fff;color:inherit}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #f0b429;outline-offset:2px}
.hint{font-size:.875rem;color:#444;margin:6px 0 16px}
.spaced{margin-top:16px}
button{width:100%;min-height:52px;border-radius:10px;font:inherit;font-size:1.05rem;font-weight:600;cursor:pointer}
.primary{background:#0b5d3b;color:#fff;border:0}
.primary:hover{background:#094c30}
.secondary{background:#fff;color:#0b5d3b;border:2px solid #0b5d3b;margin-top:12px}
.notice{border-radius:10px;padding:12px;margin:0 0 16px;font-weight:500}
.notice-error{background:#fdecea;color:#8a1c13;border:1px solid #f1b9b3}
.notice-ok{background:#e7f4ec;color:#0b5d3b;border:1px solid #b9dcc6}
.link-button{display:flex;align-items:center;justify-content:center;min-height:52px;border-radius:10px;background:#0b5d3b;color:#fff;font-weight:600;text-decoration:none;padding:0 16px;text-align:center}
footer{text-align:center;font-size:.8rem;color:#444;padding:8px 16px 24px}
`;
