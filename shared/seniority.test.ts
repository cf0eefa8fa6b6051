import { describe, expect, it } from 'vitest';
import { seniorityOf } from './seniority.js';

describe('seniorityOf', () => {
  it('reads the level from the title’s words, the first rule that matches winning', () => {
    expect(seniorityOf('Co-Founder & CEO')).toBe('Founder');
    expect(seniorityOf('Chief Technology Officer')).toBe('C-level');
    expect(seniorityOf('President')).toBe('C-level');
    expect(seniorityOf('Senior Vice President, Sales')).toBe('VP');
    expect(seniorityOf('VP Engineering')).toBe('VP');
    expect(seniorityOf('Managing Partner')).toBe('Partner');
    expect(seniorityOf('Head of Product')).toBe('Director');
    expect(seniorityOf('Engineering Director')).toBe('Director');
    expect(seniorityOf('Senior Product Manager')).toBe('Manager');
    expect(seniorityOf('Sr. Software Engineer')).toBe('Senior');
    expect(seniorityOf('Tech Lead')).toBe('Senior');
    expect(seniorityOf('Software Engineering Intern')).toBe('Intern');
    expect(seniorityOf('Junior Analyst')).toBe('Entry');
    expect(seniorityOf('Software Engineer')).toBe('Mid-level');
  });

  it('ignores case and accents, and answers null without a title', () => {
    expect(seniorityOf('  DIRECTRICE  ')).toBe('Mid-level');
    expect(seniorityOf('Diréctor de Ventas')).toBe('Director');
    expect(seniorityOf('')).toBeNull();
    expect(seniorityOf('   ')).toBeNull();
    expect(seniorityOf(null)).toBeNull();
    expect(seniorityOf(undefined)).toBeNull();
  });

  it('does not take words inside other words', () => {
    expect(seniorityOf('Leadership Coach')).toBe('Mid-level');
    expect(seniorityOf('Ownership Analyst')).toBe('Mid-level');
    expect(seniorityOf('Vice Presidential Historian')).toBe('Mid-level');
  });
});
