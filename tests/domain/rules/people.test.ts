import { describe, expect, it } from 'vitest';
import {
  activeToggleProblem,
  loginOfEmail,
  normaliseScopes,
  ownedFields,
  provisionedFieldChanged,
  scopeLabel,
  scopesChangeSummary,
} from '@domain/rules/people';

const provisioned = {
  scimId: '3f1c2a8e-0000-4000-8000-000000000001',
  name: 'Ana',
  email: 'ana@x.com',
  jobTitle: null,
};
const manual = { scimId: null, name: 'Ana', email: 'ana@x.com', jobTitle: null };

describe('people rules', () => {
  it('provisioning owns name, e-mail, login, job title, active, department, employee number and manager', () => {
    expect(ownedFields(provisioned)).toEqual([
      'name',
      'email',
      'login',
      'jobTitle',
      'isActive',
      'department',
      'employeeNumber',
      'manager',
    ]);
    expect(ownedFields(manual)).toEqual([]);
  });

  it('a change of an owned field of a provisioned person is named; the same value or a portal field is none', () => {
    expect(provisionedFieldChanged(provisioned, { name: 'Bea' })).toBe('name');
    expect(provisionedFieldChanged(provisioned, { jobTitle: 'CEO', officeId: 2 })).toBe('jobTitle');
    expect(
      provisionedFieldChanged(provisioned, { name: 'Ana', jobTitle: null, officeId: 2 }),
    ).toBeUndefined();
    expect(provisionedFieldChanged(manual, { name: 'Bea', email: 'b@x.com' })).toBeUndefined();
  });

  it('a provisioned person is deactivated in Entra ID, a person added by hand here', () => {
    expect(activeToggleProblem(provisioned)).toBe('Provisioned from Entra ID: deactivate them there');
    expect(activeToggleProblem(manual)).toBeNull();
  });

  it('scopes: known ones once each in the screen order; their change as the history says it', () => {
    expect(normaliseScopes(['API.Portal.PDC', 'API.Portal.Admin', 'API.Portal.PDC', 'Other'])).toEqual([
      'API.Portal.Admin',
      'API.Portal.PDC',
    ]);
    expect(scopeLabel('API.Portal.OnePage')).toBe('OnePage');
    expect(scopesChangeSummary(['API.Portal.KNW'], ['API.Portal.Admin'])).toBe('Scopes: + Admin, − KNW');
    expect(scopesChangeSummary(['API.Portal.KNW'], ['API.Portal.KNW'])).toBe('');
  });

  it('the login of an e-mail is its local part in lower case', () => {
    expect(loginOfEmail(' Nina.Nova@Example.com ')).toBe('nina.nova');
  });
});
