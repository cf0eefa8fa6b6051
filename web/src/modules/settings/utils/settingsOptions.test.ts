import { describe, expect, it } from 'vitest';
import {
  durationLabel,
  followUpDelayOptions,
  followUpTimeOptions,
  languageOptions,
  meetingDurationOptions,
  timeZoneOptions,
  zoneOffset,
} from './settingsOptions';

describe('settings options', () => {
  it('lists UTC first, then the browser zones labelled with their offset', () => {
    const options = timeZoneOptions('UTC');
    expect(options[0]?.value).toBe('UTC');
    expect(options.filter((option) => option.value === 'UTC')).toHaveLength(1);
    expect(options[0]?.label).toBe('UTC (GMT+00:00)');
    expect(options.find((option) => option.value === 'America/New_York')?.label).toMatch(
      /^America\/New York \(GMT-0[45]:00\)$/,
    );
  });

  it('keeps a stored zone the browser does not list', () => {
    expect(timeZoneOptions('Etc/GMT-2').at(-1)).toEqual({ value: 'Etc/GMT-2', label: 'Etc/GMT-2 (GMT+02:00)' });
  });

  it('reads offsets at the given moment', () => {
    expect(zoneOffset('Europe/London', new Date('2026-01-15T12:00:00Z'))).toBe('GMT+00:00');
    expect(zoneOffset('Europe/London', new Date('2026-07-15T12:00:00Z'))).toBe('GMT+01:00');
  });

  it('offers the languages with a catalogue, each in its own name', () => {
    expect(languageOptions()).toEqual([
      { value: 'en', label: 'English' },
      { value: 'de', label: 'Deutsch' },
      { value: 'es', label: 'Español' },
      { value: 'fr', label: 'Français' },
    ]);
  });

  it('words durations and delays, sorted, with a stored value in its place', () => {
    expect(durationLabel(90)).toBe('1 hour 30 minutes');
    expect(durationLabel(120)).toBe('2 hours');
    expect(meetingDurationOptions(50).map((option) => option.value)).toEqual([15, 20, 30, 45, 50, 60, 90, 120]);
    expect(
      followUpDelayOptions(3)
        .slice(0, 3)
        .map((option) => option.label),
    ).toEqual(['1 day', '2 days', '3 days']);
  });

  it('offers each quarter hour and keeps a time between them', () => {
    const options = followUpTimeOptions('09:00');
    expect(options).toHaveLength(96);
    expect(options[0]?.value).toBe('00:00');
    expect(options.at(-1)?.value).toBe('23:45');
    const between = followUpTimeOptions('09:10').map((option) => option.value);
    expect(between.indexOf('09:10')).toBe(between.indexOf('09:00') + 1);
  });
});
