import { escapeHtml } from '../format/html.ts';
import type { EmailPayload } from './message.ts';

/**
 * Email bodies: plain text and HTML from one description, under the service's name. Every
 * value that came from a user is escaped in the HTML part.
 */
export const SERVICE_NAME = 'Appraisal Order Management';

export interface EmailContent {
  to: string[];
  subject: string;
  /** Paragraphs of plain text; each becomes a <p>. */
  paragraphs: string[];
  action?: { label: string; url: string };
}

export function renderEmail(content: EmailContent): EmailPayload {
  const text = [
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    `-- \n${SERVICE_NAME}`,
  ].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5; color: #222;">',
    ...content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    content.action
      ? `<p><a href="${escapeHtml(content.action.url)}" style="display: inline-block; padding: 8px 16px; background: #1d4ed8; color: #fff; text-decoration: none; border-radius: 4px;">${escapeHtml(content.action.label)}</a></p>`
      : '',
    `<p style="color: #666; font-size: 12px;">${SERVICE_NAME}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: content.to, subject: content.subject, text, html };
}
