/** SCIM filters → SQL: what is refused (400 invalidFilter) before any statement runs. */
import { describe, expect, it } from 'vitest';
import { ScimError } from '@server/modules/scim/errors';
import { attributeKey, filterToSql } from '@server/modules/scim/filter';

const refusal = (f: string, kind: 'User' | 'Group') => {
  try {
    filterToSql(f, kind);
    return undefined;
  } catch (e) {
    return e instanceof ScimError ? `${e.status} ${e.scimType}` : String(e);
  }
};

describe('SCIM filter translation', () => {
  it('takes the attributes Entra filters on, with or without their schema URN', () => {
    for (const f of [
      'userName eq "a@b.c"',
      'externalId eq "x" and active eq true',
      'urn:ietf:params:scim:schemas:core:2.0:User:userName eq "a@b.c"',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department eq "x"',
      'emails[type eq "work"].value eq "a@b.c"',
      'not (userName sw "a") or title co "x"',
      'manager.value eq "2819c223-7f76-453a-919d-413861904646"',
    ])
      expect(refusal(f, 'User'), f).toBeUndefined();
    for (const f of ['displayName eq "x"', 'id eq "x" and members[value eq "y"]', 'members.value eq "y"'])
      expect(refusal(f, 'Group'), f).toBeUndefined();
  });

  it('refuses unknown attributes, bad syntax, wrong value types and operators (400 invalidFilter)', () => {
    for (const [f, kind] of [
      ['displayName eq "x" and members[value eq "y"]', 'User'],
      ['title eq "x"', 'Group'],
      ['userName[value eq "x"]', 'User'],
      ['active gt true', 'User'],
      ['userName eq true', 'User'],
      ['meta.created eq "not a date"', 'User'],
      ['userName eq "x" and', 'User'],
      ['', 'User'],
      ['x'.repeat(2001), 'User'],
    ] as const)
      expect(refusal(f, kind), f.slice(0, 40)).toBe('400 invalidFilter');
  });

  it('folds attribute names and drops their core schema URN', () => {
    expect(attributeKey('urn:ietf:params:scim:schemas:core:2.0:User:UserName', 'User')).toBe('username');
    expect(
      attributeKey('URN:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber', 'User'),
    ).toBe('employeenumber');
    expect(attributeKey('displayName', 'Group')).toBe('displayname');
  });
});
