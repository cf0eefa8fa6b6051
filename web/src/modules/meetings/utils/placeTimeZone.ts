/**
 * A contact's time zone, as far as their profile tells it. Contacts hold no zone: their jobs hold a place, as the
 * enrichment writes it ('Seattle, Washington, United States', 'London, England, United Kingdom'). A place reads as a
 * zone through its region (a US state, a Canadian province, an Australian state, a UK nation), its city when the IANA
 * database names a zone after it (London, Toronto, New York), or its country when that country keeps one clock. Else
 * the zone is unknown: a country of several zones with no region says nothing (United States alone).
 */

/** regions whose clock is one zone (a state split between two takes its most populous part's) */
const regionZones: Record<string, string> = {
  // United States
  alabama: 'America/Chicago',
  alaska: 'America/Anchorage',
  arizona: 'America/Phoenix',
  arkansas: 'America/Chicago',
  california: 'America/Los_Angeles',
  colorado: 'America/Denver',
  connecticut: 'America/New_York',
  delaware: 'America/New_York',
  'district of columbia': 'America/New_York',
  florida: 'America/New_York',
  georgia: 'America/New_York',
  hawaii: 'Pacific/Honolulu',
  idaho: 'America/Boise',
  illinois: 'America/Chicago',
  indiana: 'America/Indiana/Indianapolis',
  iowa: 'America/Chicago',
  kansas: 'America/Chicago',
  kentucky: 'America/New_York',
  louisiana: 'America/Chicago',
  maine: 'America/New_York',
  maryland: 'America/New_York',
  massachusetts: 'America/New_York',
  michigan: 'America/Detroit',
  minnesota: 'America/Chicago',
  mississippi: 'America/Chicago',
  missouri: 'America/Chicago',
  montana: 'America/Denver',
  nebraska: 'America/Chicago',
  nevada: 'America/Los_Angeles',
  'new hampshire': 'America/New_York',
  'new jersey': 'America/New_York',
  'new mexico': 'America/Denver',
  'new york': 'America/New_York',
  'north carolina': 'America/New_York',
  'north dakota': 'America/Chicago',
  ohio: 'America/New_York',
  oklahoma: 'America/Chicago',
  oregon: 'America/Los_Angeles',
  pennsylvania: 'America/New_York',
  'rhode island': 'America/New_York',
  'south carolina': 'America/New_York',
  'south dakota': 'America/Chicago',
  tennessee: 'America/Chicago',
  texas: 'America/Chicago',
  utah: 'America/Denver',
  vermont: 'America/New_York',
  virginia: 'America/New_York',
  washington: 'America/Los_Angeles',
  'west virginia': 'America/New_York',
  wisconsin: 'America/Chicago',
  wyoming: 'America/Denver',
  // Canada
  alberta: 'America/Edmonton',
  'british columbia': 'America/Vancouver',
  manitoba: 'America/Winnipeg',
  'new brunswick': 'America/Moncton',
  'newfoundland and labrador': 'America/St_Johns',
  'nova scotia': 'America/Halifax',
  ontario: 'America/Toronto',
  'prince edward island': 'America/Halifax',
  quebec: 'America/Toronto',
  québec: 'America/Toronto',
  saskatchewan: 'America/Regina',
  // Australia
  'new south wales': 'Australia/Sydney',
  victoria: 'Australia/Melbourne',
  queensland: 'Australia/Brisbane',
  'western australia': 'Australia/Perth',
  'south australia': 'Australia/Adelaide',
  tasmania: 'Australia/Hobart',
  'australian capital territory': 'Australia/Sydney',
  'northern territory': 'Australia/Darwin',
  // United Kingdom
  england: 'Europe/London',
  scotland: 'Europe/London',
  wales: 'Europe/London',
  'northern ireland': 'Europe/London',
};

/** countries that keep one clock (their overseas parts aside) */
const countryZones: Record<string, string> = {
  'united kingdom': 'Europe/London',
  uk: 'Europe/London',
  ireland: 'Europe/Dublin',
  france: 'Europe/Paris',
  germany: 'Europe/Berlin',
  spain: 'Europe/Madrid',
  italy: 'Europe/Rome',
  netherlands: 'Europe/Amsterdam',
  'the netherlands': 'Europe/Amsterdam',
  belgium: 'Europe/Brussels',
  luxembourg: 'Europe/Luxembourg',
  switzerland: 'Europe/Zurich',
  austria: 'Europe/Vienna',
  portugal: 'Europe/Lisbon',
  denmark: 'Europe/Copenhagen',
  norway: 'Europe/Oslo',
  sweden: 'Europe/Stockholm',
  finland: 'Europe/Helsinki',
  iceland: 'Atlantic/Reykjavik',
  poland: 'Europe/Warsaw',
  czechia: 'Europe/Prague',
  'czech republic': 'Europe/Prague',
  slovakia: 'Europe/Bratislava',
  hungary: 'Europe/Budapest',
  slovenia: 'Europe/Ljubljana',
  croatia: 'Europe/Zagreb',
  serbia: 'Europe/Belgrade',
  romania: 'Europe/Bucharest',
  bulgaria: 'Europe/Sofia',
  greece: 'Europe/Athens',
  estonia: 'Europe/Tallinn',
  latvia: 'Europe/Riga',
  lithuania: 'Europe/Vilnius',
  turkey: 'Europe/Istanbul',
  türkiye: 'Europe/Istanbul',
  israel: 'Asia/Jerusalem',
  'united arab emirates': 'Asia/Dubai',
  'saudi arabia': 'Asia/Riyadh',
  egypt: 'Africa/Cairo',
  nigeria: 'Africa/Lagos',
  kenya: 'Africa/Nairobi',
  'south africa': 'Africa/Johannesburg',
  india: 'Asia/Kolkata',
  pakistan: 'Asia/Karachi',
  bangladesh: 'Asia/Dhaka',
  singapore: 'Asia/Singapore',
  malaysia: 'Asia/Kuala_Lumpur',
  philippines: 'Asia/Manila',
  vietnam: 'Asia/Ho_Chi_Minh',
  thailand: 'Asia/Bangkok',
  china: 'Asia/Shanghai',
  'hong kong': 'Asia/Hong_Kong',
  taiwan: 'Asia/Taipei',
  japan: 'Asia/Tokyo',
  'south korea': 'Asia/Seoul',
  korea: 'Asia/Seoul',
  'new zealand': 'Pacific/Auckland',
  argentina: 'America/Argentina/Buenos_Aires',
  chile: 'America/Santiago',
  colombia: 'America/Bogota',
  peru: 'America/Lima',
};

/** 'new york' -> 'America/New_York': the zones named after a city, by that city's name in lower case */
let cityZones: Map<string, string> | undefined;

const zonesByCity = () => {
  if (!cityZones) {
    let zones: string[] = [];
    try {
      zones = Intl.supportedValuesOf('timeZone');
    } catch {
      // an engine without the list: cities are not read
    }
    cityZones = new Map(
      zones
        .filter((zone) => /^(Africa|America|Asia|Atlantic|Australia|Europe|Indian|Pacific)\//.test(zone))
        .map((zone) => [zone.split('/').pop()!.replaceAll('_', ' ').toLowerCase(), zone]),
    );
  }
  return cityZones;
};

/** The IANA zone of a place as the enrichment writes it; null when the place does not tell. */
export const zoneOfPlace = (place: string | undefined | null): string | null => {
  const parts = (place ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  const [city, ...rest] = parts;
  if (!city) return null;
  // a region after the city first: 'Paris, Texas' is in Texas, 'London, Ontario' in Ontario
  const region = rest.map((part) => regionZones[part]).find(Boolean);
  return (
    region ??
    zonesByCity().get(city) ??
    regionZones[city] ??
    parts
      .slice()
      .reverse()
      .map((part) => countryZones[part])
      .find(Boolean) ??
    null
  );
};

/** The place of a contact's current job (else their latest), where the enrichment found one. */
export const currentPlace = (experiences: readonly { location?: string; isCurrent?: boolean }[]) =>
  (experiences.find((entry) => entry.isCurrent && entry.location) ?? experiences.find((entry) => entry.location))
    ?.location ?? null;
