import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import { afterEach, describe, expect, it } from 'vitest';
import { dateOrderOf, parseTypedStart, pickerDisplayFormat, pickerValueAt, typedExamples } from './pickerTime';

/** what a typed text reads as: 'YYYY-MM-DD HH:mm' of the picker's wall clock, or null */
const read = (typed: string, order: 'day-first' | 'month-first' = 'day-first') =>
  parseTypedStart(typed, order)?.format('YYYY-MM-DD HH:mm') ?? null;

describe('a date typed into the booking picker', () => {
  it("reads the picker's own text back, so a shown time typed again is that time", () => {
    expect(read('Thu 10 Dec 2026, 16:00')).toBe('2026-12-10 16:00');
    const shown = pickerValueAt(new Date('2027-03-04T09:30:00Z'), 'UTC');
    expect(read(shown.format(pickerDisplayFormat))).toBe('2027-03-04 09:30');
  });

  it('reads the common written forms, whatever their case, commas and spacing', () => {
    for (const typed of [
      '10 Dec 2026 16:00',
      '10 Dec 2026, 16:00',
      '10 december 2026 16:00',
      'thursday 10 DEC 2026 16:00',
      'Thu, 10 Dec 2026 at 16:00',
      '  10   Dec   2026   16:00 ',
      'Dec 10, 2026 4:00 PM',
      'December 10 2026 4pm',
      '10th Dec 2026 16.00',
      '2026-12-10 16:00',
      '2026-12-10T16:00',
      '2026/12/10 16:00',
    ])
      expect(read(typed), typed).toBe('2026-12-10 16:00');
  });

  it("reads a numeric date in the user's order: day first, or month first", () => {
    expect(read('10/12/2026 16:00', 'day-first')).toBe('2026-12-10 16:00');
    expect(read('10.12.2026 16:00', 'day-first')).toBe('2026-12-10 16:00');
    expect(read('10-12-26 16:00', 'day-first')).toBe('2026-12-10 16:00');
    expect(read('1/2/2027 9:05', 'day-first')).toBe('2027-02-01 09:05');
    expect(read('12/10/2026 16:00', 'month-first')).toBe('2026-12-10 16:00');
    expect(read('12/10/2026 4:00 pm', 'month-first')).toBe('2026-12-10 16:00');
    // a month that is no month in that order is not guessed at
    expect(read('25/12/2026 16:00', 'month-first')).toBeNull();
  });

  it('reads 12 am as midnight and 12 pm as noon', () => {
    expect(read('10 Dec 2026 12:30 am')).toBe('2026-12-10 00:30');
    expect(read('10 Dec 2026 12 pm')).toBe('2026-12-10 12:00');
  });

  it('reads nothing from a date alone, a time being typed, or a date that does not exist', () => {
    for (const typed of [
      '',
      '10 Dec 2026',
      '10 Dec 2026 16',
      '10 Dec 2026 16:0',
      '10 Dec 2026, 24:00',
      '10 Dec 2026 16:60',
      '10 Dec 2026 13 pm',
      '31 Feb 2027 10:00',
      '30/02/2027 10:00',
      '10 Decimal 2026 16:00',
      'tomorrow at 4',
      'Thu 10 Dec, 16:00',
    ])
      expect(read(typed), typed).toBeNull();
  });
});

describe("a date typed in the interface's language (SPEC §3 language)", () => {
  afterEach(() => {
    dayjs.locale('en');
  });

  it('shows its example as the picker writes it in that language, and reads that text back', () => {
    expect(typedExamples('day-first').written).toBe('Thu 10 Dec 2026, 16:00');
    for (const [language, written] of [
      ['de', 'Do. 10 Dez. 2026, 16:00'],
      ['fr', 'jeu. 10 déc. 2026, 16:00'],
      ['es', 'jue. 10 dic 2026, 16:00'],
    ] as const) {
      dayjs.locale(language);
      expect(typedExamples('day-first').written).toBe(written);
      expect(read(written), written).toBe('2026-12-10 16:00');
      const shown = pickerValueAt(new Date('2027-03-04T09:30:00Z'), 'UTC').format(pickerDisplayFormat);
      expect(read(shown), shown).toBe('2027-03-04 09:30');
    }
  });

  it("reads that language's written dates, and English ones still", () => {
    dayjs.locale('de');
    for (const typed of ['10. Dezember 2026 16:00', 'Donnerstag, 10. Dez. 2026, 16:00', '10 Dec 2026 16:00'])
      expect(read(typed), typed).toBe('2026-12-10 16:00');
    expect(read('10 Dezimal 2026 16:00')).toBeNull();
    dayjs.locale('fr');
    expect(read('1er décembre 2026 16:00')).toBe('2026-12-01 16:00');
    // 'jui' starts juin and juillet: not guessed at
    expect(read('10 jui 2026 16:00')).toBeNull();
    dayjs.locale('es');
    expect(read('mar. 2 mar 2027 9:05')).toBe('2027-03-02 09:05');
  });
});

describe("the order of a typed numeric date follows the user's language", () => {
  it('puts the month first for American English only', () => {
    expect(dateOrderOf('en')).toBe('month-first');
    expect(dateOrderOf('en-GB')).toBe('day-first');
    expect(dateOrderOf('de')).toBe('day-first');
    expect(dateOrderOf('fr')).toBe('day-first');
    expect(dateOrderOf('pt-BR')).toBe('day-first');
    // Swedish writes 2026-12-10: a slashed date is read day first
    expect(dateOrderOf('sv')).toBe('day-first');
    expect(dateOrderOf('not a language')).toBe('day-first');
  });
});
