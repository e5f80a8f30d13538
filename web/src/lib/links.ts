/** A map search for the address: opens the phone's maps app, or the browser's map. */
export const mapLink = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** A tel: link that the phone dials: digits and a leading + only. */
export const telLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
