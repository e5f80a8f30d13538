import { escapeHtml } from '../format/html.ts';
import { SERVICE_NAME } from '../mail/templates.ts';
import { SANDBOX_CARDS } from '../cards/card-processor.ts';

/**
 * The hosted payment page: plain HTML, no script, one form. Works on a phone; posts back to
 * its own signed URL.
 */
export interface PayPageModel {
  companyName: string;
  fileNumber: string;
  address: string;
  balance: string;
  sandbox: boolean;
  action: string;
  message?: { kind: 'error' | 'success' | 'info'; text: string };
  values?: { name?: string };
  receiptLink?: string;
  showForm: boolean;
}

export function renderPayPage(model: PayPageModel): string {
  const e = escapeHtml;
  const sandbox = model.sandbox
    ? `<div class="sandbox"><strong>SANDBOX</strong>: no real card is charged. Test cards (any future expiry, any CVC): ${Object.entries(
        SANDBOX_CARDS,
      )
        .map(([number, outcome]) => `<code>${number}</code> ${e(outcome)}`)
        .join('; ')}.</div>`
    : '';
  const message = model.message
    ? `<p class="${model.message.kind}" role="status">${e(model.message.text)}</p>`
    : '';
  const receipt = model.receiptLink
    ? `<p><a href="${e(model.receiptLink)}">Download the receipt (PDF)</a></p>`
    : '';
  const form = model.showForm
    ? `<form method="post" action="${e(model.action)}" autocomplete="on">
  <label>Name on card <input name="name" autocomplete="cc-name" required maxlength="100" value="${e(model.values?.name ?? '')}"></label>
  <label>Card number <input name="number" inputmode="numeric" autocomplete="cc-number" required maxlength="23"></label>
  <div class="row">
    <label>Month <input name="exp_month" inputmode="numeric" autocomplete="cc-exp-month" required maxlength="2" placeholder="MM"></label>
    <label>Year <input name="exp_year" inputmode="numeric" autocomplete="cc-exp-year" required maxlength="4" placeholder="YYYY"></label>
    <label>CVC <input name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4"></label>
  </div>
  <button type="submit">Pay ${e(model.balance)}</button>
</form>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${e(model.balance)}: ${e(model.fileNumber)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
label{display:block;margin:.75rem 0;font-size:.9rem}input{display:block;width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
.row{display:flex;gap:.5rem}.row label{flex:1}button{width:100%;padding:.75rem;font-size:1rem;background:#1d4ed8;color:#fff;border:0;border-radius:4px}
.sandbox{background:#fef3c7;border:1px solid #f59e0b;padding:.5rem;font-size:.8rem;border-radius:4px}
.error{color:#b91c1c}.success{color:#15803d}.info{color:#374151}code{font-size:.8rem}
</style></head><body>
<p>${e(SERVICE_NAME)}</p>
<h1>${e(model.companyName)}</h1>
<p>Appraisal order ${e(model.fileNumber)}<br>${e(model.address)}</p>
<p>Balance due: <strong>${e(model.balance)}</strong></p>
${sandbox}
${message}
${receipt}
${form}
</body></html>`;
}
