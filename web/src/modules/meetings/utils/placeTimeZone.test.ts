import { describe, expect, it } from 'vitest';
import { currentPlace, zoneOfPlace } from './placeTimeZone';

describe("a contact's time zone from the place of their job", () => {
  it('reads the region, the city named by a zone, or a country of one clock', () => {
    expect(zoneOfPlace('Seattle, Washington, United States')).toBe('America/Los_Angeles');
    expect(zoneOfPlace('london, england, united kingdom')).toBe('Europe/London');
    expect(zoneOfPlace('Toronto, Ontario, Canada')).toBe('America/Toronto');
    expect(zoneOfPlace('New York, New York, United States')).toBe('America/New_York');
    expect(zoneOfPlace('Washington, District of Columbia, United States')).toBe('America/New_York');
    expect(zoneOfPlace('Paris, Île-de-France, France')).toBe('Europe/Paris');
    expect(zoneOfPlace('Lyon, France')).toBe('Europe/Paris');
    expect(zoneOfPlace('Berlin')).toBe('Europe/Berlin');
    expect(zoneOfPlace('Bengaluru, Karnataka, India')).toBe('Asia/Kolkata');
    expect(zoneOfPlace('Sydney, New South Wales, Australia')).toBe('Australia/Sydney');
  });

  it('prefers the region to a city of the same name elsewhere', () => {
    expect(zoneOfPlace('Paris, Texas, United States')).toBe('America/Chicago');
    expect(zoneOfPlace('London, Ontario, Canada')).toBe('America/Toronto');
  });

  it('says nothing for a country of several zones without its region, or no place', () => {
    expect(zoneOfPlace('United States')).toBeNull();
    expect(zoneOfPlace('Springfield, United States')).toBeNull();
    expect(zoneOfPlace('')).toBeNull();
    expect(zoneOfPlace(undefined)).toBeNull();
  });

  it("takes the current job's place, else the first job that has one", () => {
    expect(currentPlace([{ location: 'Lyon, France' }, { isCurrent: true, location: 'Seattle, Washington' }])).toBe(
      'Seattle, Washington',
    );
    expect(currentPlace([{ isCurrent: true }, {}, { location: 'Lyon, France' }])).toBe('Lyon, France');
    expect(currentPlace([])).toBeNull();
  });
});
