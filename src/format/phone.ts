/**
 * Phone numbers of the North American Numbering Plan, the only ones an order's contacts have:
 * ten digits (a leading 1 or +1 aside), an area code and an exchange that start with 2 to 9.
 * Written the one way the API answers them: 512-555-0102.
 */
export type PhoneReading = { phone: string } | { problem: string };

export function readNanpPhone(text: string): PhoneReading {
  const trimmed = text.trim();
  if (!/^[+\d\s().-]+$/.test(trimmed))
    return { problem: 'Enter a 10-digit phone number using digits only, such as 512-555-0102.' };
  let digits = trimmed.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return { problem: 'Enter a 10-digit phone number, such as 512-555-0102.' };
  if (/^[01]/.test(digits))
    return { problem: 'Enter a phone number whose area code starts with a digit from 2 to 9.' };
  if (/^\d{3}[01]/.test(digits))
    return { problem: 'Enter a phone number whose 3-digit exchange starts with a digit from 2 to 9.' };
  return { phone: `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` };
}
