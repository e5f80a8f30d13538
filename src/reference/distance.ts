const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles, to a tenth (the haversine formula on a spherical Earth). */
export function milesBetween(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(to.lat - from.lat);
  const dLng = rad(to.lng - from.lng);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(from.lat)) * Math.cos(rad(to.lat)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a))) * 10) / 10;
}
