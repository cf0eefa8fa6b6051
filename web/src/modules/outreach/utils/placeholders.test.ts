import { describe, expect, it } from 'vitest';
import { fillPlaceholder, openPlaceholders, remainingAlternatives } from './placeholders';

const draft = {
  subject: 'Your talk at {{event}}',
  body: 'Hi Ada,\n\nI enjoyed {{ event }} and your point on {{topic}}. Also {{unknownThing}}.',
  placeholderAlternatives: {
    topic: ['compilers', 'type systems'],
    event: ['RustConf', 'a recent meetup'],
    gone: ['x'],
  },
};

describe('openPlaceholders', () => {
  it('lists the spots still in the text in the order they appear, with their alternatives', () => {
    expect(openPlaceholders(draft)).toEqual([
      { name: 'event', alternatives: ['RustConf', 'a recent meetup'] },
      { name: 'topic', alternatives: ['compilers', 'type systems'] },
      { name: 'unknownThing', alternatives: [] },
    ]);
  });

  it('finds none in plain text', () => {
    expect(openPlaceholders({ subject: 'Hello', body: 'No spots {here}', placeholderAlternatives: {} })).toEqual([]);
  });
});

describe('fillPlaceholder', () => {
  it('fills every occurrence in subject and body, spaces inside the braces or not, and closes the spot', () => {
    const filled = fillPlaceholder(draft, 'event', 'RustConf');
    expect(filled.subject).toBe('Your talk at RustConf');
    expect(filled.body).toContain('I enjoyed RustConf and');
    expect(filled.placeholderAlternatives).not.toHaveProperty('event');
    expect(openPlaceholders(filled).map((spot) => spot.name)).toEqual(['topic', 'unknownThing']);
  });

  it('takes the value literally ($ signs and regex characters included)', () => {
    const filled = fillPlaceholder(draft, 'topic', '$& costs (a lot)');
    expect(filled.body).toContain('your point on $& costs (a lot).');
  });
});

describe('remainingAlternatives', () => {
  it('keeps only the alternatives of spots still in the text', () => {
    expect(remainingAlternatives(fillPlaceholder(draft, 'event', 'RustConf'))).toEqual({
      topic: ['compilers', 'type systems'],
    });
  });
});
