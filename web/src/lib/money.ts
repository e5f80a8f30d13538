/** "$1,234.50" from the API's decimal string (or number). */
export const money = (decimal: string | number | null | undefined) =>
  decimal === null || decimal === undefined || decimal === ''
    ? '—'
    : Number(decimal).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
