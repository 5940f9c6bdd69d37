import { describe, expect, it } from 'vitest';
import { missingAssessmentsMessage, splitNames } from '@domain/rules/messages';

const TAIL =
  ' All Interns, Analysts, Consultants and Specialists must fulfil their assessments. Refresh and try again once they are done.';

describe('missingAssessmentsMessage', () => {
  it('one name: singular ("is missing their assessment")', () => {
    expect(missingAssessmentsMessage('Ivan Ito')).toBe(`Ivan Ito is missing their assessment.${TAIL}`);
    expect(missingAssessmentsMessage('  Ivan Ito , ')).toBe(`Ivan Ito is missing their assessment.${TAIL}`);
  });
  it('several names: plural ("are missing their assessments"), listed as given', () => {
    expect(missingAssessmentsMessage('Ivan Ito, Carla Costa')).toBe(
      `Ivan Ito, Carla Costa are missing their assessments.${TAIL}`,
    );
    expect(missingAssessmentsMessage('Ivan Ito,Carla Costa,  Bruno Braga')).toBe(
      `Ivan Ito, Carla Costa, Bruno Braga are missing their assessments.${TAIL}`,
    );
  });
  it('splits the server’s comma-separated names, dropping blanks', () => {
    expect(splitNames('Ivan Ito, , Carla Costa ')).toEqual(['Ivan Ito', 'Carla Costa']);
    expect(splitNames('')).toEqual([]);
    expect(splitNames(null)).toEqual([]);
  });
});
