import { describe, expect, it } from 'vitest';
import {
  MASTER_LIST_GROUPS,
  MASTER_LIST_KEYS,
  MASTER_LISTS,
  isMasterListKey,
  isTimeZone,
  masterItemLabel,
} from '@domain/rules/master-lists';
import { masterValuesSchema } from '@domain/contract/master-admin';

describe('the catalogue of master lists', () => {
  it('has the twenty lists of the screens, each in a group, the naming field first', () => {
    expect(MASTER_LIST_KEYS).toHaveLength(20);
    for (const key of MASTER_LIST_KEYS) {
      const def = MASTER_LISTS[key];
      expect(def.key).toBe(key);
      expect(MASTER_LIST_GROUPS).toContain(def.group);
      expect(def.fields[0]!.required, key).toBe(true);
      for (const f of def.fields)
        if (f.type === 'ref' || f.type === 'refs') expect(isMasterListKey(f.ref!)).toBe(true);
    }
    expect(isMasterListKey('planets')).toBe(false);
    expect(MASTER_LISTS['allocation-statuses'].renameOnly).toBe(true);
  });

  it('names an evaluation cycle by period and year, other items by name', () => {
    expect(masterItemLabel(MASTER_LISTS['evaluation-cycles'], { period: 'H1', year: 2026 })).toBe('H1 2026');
    expect(masterItemLabel(MASTER_LISTS.practices, { name: 'Strategy' })).toBe('Strategy');
  });

  it('knows IANA time zones', () => {
    expect(isTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('the values of an item', () => {
  it('require the required fields on create and refuse fields of other lists', () => {
    const offices = masterValuesSchema(MASTER_LISTS.offices);
    expect(offices.safeParse({ name: 'Porto', timeZone: 'Europe/Lisbon' }).success).toBe(true);
    expect(offices.safeParse({ timeZone: 'Europe/Lisbon' }).success).toBe(false);
    expect(offices.safeParse({ name: 'Porto', timeZone: 'Nowhere/City' }).success).toBe(false);
    expect(offices.safeParse({ name: 'Porto', practiceId: 1 }).success).toBe(false);
    expect(masterValuesSchema(MASTER_LISTS.offices, true).safeParse({ timeZone: null }).success).toBe(true);
  });

  it('check choices, whole numbers and their ranges', () => {
    const area = masterValuesSchema(MASTER_LISTS['crm-area-positions']);
    expect(area.safeParse({ name: 'Board', type: 1 }).success).toBe(true);
    expect(area.safeParse({ name: 'Board', type: 3 }).success).toBe(false);
    const cycles = masterValuesSchema(MASTER_LISTS['evaluation-cycles']);
    expect(cycles.safeParse({ period: 'H1', year: 2027, isActive: false }).success).toBe(true);
    expect(cycles.safeParse({ period: 'H1', year: 2027.5 }).success).toBe(false);
    expect(cycles.safeParse({ period: 'H1', year: 99999 }).success).toBe(false);
    const classes = masterValuesSchema(MASTER_LISTS['crm-classifications']);
    expect(classes.safeParse({ name: 'Key', stakeholderTypes: ['CLIENT', 'PARTNER'] }).success).toBe(true);
    expect(classes.safeParse({ name: 'Key', stakeholderTypes: ['ALIEN'] }).success).toBe(false);
  });

  it('trim text and make an empty optional text null', () => {
    const clients = masterValuesSchema(MASTER_LISTS.clients, true);
    expect(clients.parse({ name: ' Acme ', economicGroup: '' })).toEqual({
      name: 'Acme',
      economicGroup: null,
    });
    expect(clients.safeParse({ name: '   ' }).success).toBe(false);
  });
});
