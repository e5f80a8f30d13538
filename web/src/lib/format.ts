/**
 * The viewer's time zone: the browser's (the service keeps no zone per user; were it to, this is
 * the one place that would read it). Every date-time the page shows is in it, with its name.
 */
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
export const viewerZone = () => zone;

/** A day without a time, as the API gives some (`11/26/2026`, `2026-11-26`). */
const DATE_ONLY = /^(\d{2}\/\d{2}\/\d{4}|\d{4}-\d{2}-\d{2})$/;

/** "Nov 26, 2026, 10:45 AM CST": a moment in the viewer's zone; a day alone stays a day. */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  // A date without a time: a time of midnight (in UTC, shown the evening before in the
  // Americas) would be made up. It is shown as the API gives it.
  if (DATE_ONLY.test(iso)) return iso;
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  return MOMENT.format(when);
}

// Built once: a formatter costs far more to build than to use, and a page formats dozens.
// dateStyle cannot be combined with timeZoneName: the parts are named one by one.
const MOMENT = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
  timeZone: zone,
});

/** A day the API gives as YYYY-MM-DD, as people here write it: 03/31/2027. */
export const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

export const orDash = (value: string | null | undefined) => (value ? value : '—');

export const humanize = (action: string) => action.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * Sanitized HTML (a note's content) read as plain text: nothing of it runs or styles the page.
 * Its blocks (paragraphs, list items) become paragraphs separated by a blank line.
 */
export function textOfHtml(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const blocks = Array.from(body.childNodes, (node) => node.textContent?.trim() ?? '').filter(Boolean);
  return blocks.join('\n\n');
}

/** Text placed in HTML the service will sanitize: every markup character escaped. */
export const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A total the service estimated (a search matching more orders than it counts exactly,
 * docs/api.md): two significant figures, "480,000".
 */
// Built once: Number.prototype.toLocaleString builds a formatter on every call, which a
// profile of the order list at a 4× slowdown found to be most of the page's own render time.
const WHOLE = new Intl.NumberFormat();

/** "12,480" in the viewer's way of writing numbers. */
export const wholeNumber = (n: number) => WHOLE.format(n);

export const about = (total: number) => wholeNumber(Number(total.toPrecision(2)));

/** Plain text as the HTML the service keeps: a paragraph for each, every markup character escaped. */
export const htmlOfText = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeText(paragraph.trim())}</p>`)
    .join('');
