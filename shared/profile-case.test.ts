import { describe, expect, it } from 'vitest';
import { caseProfileText, recaseOldTitleCase, recaseStoredText } from './profile-case';

describe('profile text cased as people write it', () => {
  it.each([
    ['master of business administration', 'Master of Business Administration'],
    ['university of washington', 'University of Washington'],
    ['ux designer', 'UX Designer'],
    ['senior ux/ui designer', 'Senior UX/UI Designer'],
    ['head of it', 'Head of IT'],
    ['it manager', 'IT Manager'],
    ['vp of sales and marketing', 'VP of Sales and Marketing'],
    ['ceo & co-founder', 'CEO & Co-Founder'],
    ['editor-in-chief', 'Editor-in-Chief'],
    ['head of e-commerce', 'Head of E-Commerce'],
    ['doctor of philosophy (phd)', 'Doctor of Philosophy (PhD)'],
    ['mba', 'MBA'],
    ['bachelor of science', 'Bachelor of Science'],
    ['the home depot', 'The Home Depot'],
    ['bank of america', 'Bank of America'],
    ['ibm', 'IBM'],
    ['kpmg', 'KPMG'],
    ['hsbc holdings plc', 'HSBC Holdings PLC'],
    ['northwind traders llc', 'Northwind Traders LLC'],
    ['saas account executive', 'SaaS Account Executive'],
    ['ai/ml engineer', 'AI/ML Engineer'],
    ['qa lead', 'QA Lead'],
    ['hr business partner', 'HR Business Partner'],
    ["women's health initiative", "Women's Health Initiative"],
    ["l'oréal", "L'Oréal"],
    ['universidad de buenos aires', 'Universidad de Buenos Aires'],
    ['école des hautes études commerciales', 'École des Hautes Études Commerciales'],
    ['phase ii clinical trials', 'Phase II Clinical Trials'],
    ['st. john’s university', 'St. John’s University'],
    ['london, england, united kingdom', 'London, England, United Kingdom'],
    ['new york, new york, united states', 'New York, New York, United States'],
    ['software engineer at google', 'Software Engineer at Google'],
    ['data scientist in residence', 'Data Scientist in Residence'],
    ['head of research for nyc', 'Head of Research for NYC'],
    ['civil engineer', 'Civil Engineer'],
    ['mix and match studio', 'Mix and Match Studio'],
  ])('cases all-lower %j as %j', (text, cased) => {
    expect(caseProfileText(text)).toBe(cased);
  });

  it('cases ALL-UPPER text the same way', () => {
    expect(caseProfileText('UNIVERSITY OF WASHINGTON')).toBe('University of Washington');
    expect(caseProfileText('DIRECTOR OF IT')).toBe('Director of IT');
    expect(caseProfileText('CHIEF TECHNOLOGY OFFICER (CTO)')).toBe('Chief Technology Officer (CTO)');
  });

  it("keeps text that has mixed case: the provider's own", () => {
    for (const text of [
      'iOS Engineer',
      'McKinsey & Company',
      'University of Washington',
      'eBay',
      'Head Of Growth',
      'PwC',
      'DevOps Engineer',
      'Ux Designer',
    ])
      expect(caseProfileText(text)).toBe(text);
  });

  it("cases people's names with their particles, apostrophes, hyphens and numerals, and no acronyms", () => {
    expect(caseProfileText("o'brien", 'name')).toBe("O'Brien");
    expect(caseProfileText('mary-jane watson', 'name')).toBe('Mary-Jane Watson');
    expect(caseProfileText('ludwig van beethoven', 'name')).toBe('Ludwig van Beethoven');
    expect(caseProfileText('maria de la cruz', 'name')).toBe('Maria de la Cruz');
    expect(caseProfileText('JOHN SMITH III', 'name')).toBe('John Smith III');
    expect(caseProfileText('ai ng', 'name')).toBe('Ai Ng');
    expect(caseProfileText('de niro', 'name')).toBe('De Niro');
    expect(caseProfileText('Grace Hopper', 'name')).toBe('Grace Hopper');
  });
});

describe('profile text stored by the old casing (a capital on every word), read again', () => {
  it.each([
    ['Master Of Business Administration', 'Master of Business Administration'],
    ['University Of Washington', 'University of Washington'],
    ['Ux Designer', 'UX Designer'],
    ['Vp Of Sales', 'VP of Sales'],
    ['Head Of It', 'Head of IT'],
    ['Doctor Of Philosophy (Phd)', 'Doctor of Philosophy (PhD)'],
    ["Women'S Health", "Women's Health"],
    ['Editor-In-Chief', 'Editor-in-Chief'],
    ['Kpmg Llp', 'KPMG LLP'],
    ['London, England, United Kingdom', 'London, England, United Kingdom'],
    ['Senior Software Engineer', 'Senior Software Engineer'],
    ['McKinsey And Company', 'McKinsey and Company'],
  ])('reads %j as %j', (stored, cased) => {
    expect(recaseStoredText(stored)).toBe(cased);
  });

  it('keeps text a provider cased with small words in lower case, and cases text never cased', () => {
    expect(recaseStoredText('University of Washington')).toBe('University of Washington');
    expect(recaseStoredText('iOS Engineer at eBay')).toBe('iOS Engineer at eBay');
    expect(recaseStoredText('ux designer')).toBe('UX Designer');
  });

  it("leaves a name's capitals alone: a particle may be the person's own", () => {
    expect(recaseStoredText('Maria De La Cruz', 'name')).toBe('Maria De La Cruz');
    expect(recaseStoredText('ada lovelace', 'name')).toBe('Ada Lovelace');
  });

  it("reads a person's copy again only where the old rule capitalised every word: their own lower case stays", () => {
    expect(recaseOldTitleCase('Ux Designer')).toBe('UX Designer');
    expect(recaseOldTitleCase('Master Of Business Administration')).toBe('Master of Business Administration');
    expect(recaseOldTitleCase('planted-corp.com')).toBe('planted-corp.com');
    expect(recaseOldTitleCase('head of data')).toBe('head of data');
    expect(recaseOldTitleCase('IBM')).toBe('IBM');
  });
});
