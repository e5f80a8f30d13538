/** Times in the user's own time zone, with the zone named; dates as the API gives them. */
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  // A date the API gives as a date (a note's, a file's): a time of midnight would be made up.
  if (/^\d{2}\/\d{2}\/\d{4}$/.test(iso)) return iso;
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  // dateStyle cannot be combined with timeZoneName: the parts are named one by one.
  return new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: zone,
  }).format(when);
}

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

/** Plain text as the HTML the service keeps: a paragraph for each, every markup character escaped. */
export const htmlOfText = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeText(paragraph.trim())}</p>`)
    .join('');
