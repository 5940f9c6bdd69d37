import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { cleanName, foldName } from '@domain/rules/names';
import { openDatabase, type DbHandle } from '@server/db';
import { migrateToLatest } from '@server/db/migrate';

/** Names a firm's lists hold: accents, cases, spaces, the letters portal_fold translates. */
const CORPUS = [
  'São Paulo',
  'sao paulo',
  'SaoPaulo',
  '  SÃO   PAULO ',
  'Zürich',
  'Málaga',
  'Bogotá',
  'Curaçao',
  'España',
  'Øresund',
  'Ålesund',
  'Côte d’Ivoire',
  'Ÿpres',
  'Élodie Müller',
  'ÀÁÂÃÄÅàáâãäå',
  'ÈÉÊËèéêë ÌÍÎÏìíîï',
  'ÒÓÔÕÖØòóôõöø',
  'ÙÚÛÜùúûü ÇçÑñÝýÿ',
  'People & Organization',
  'Supply Chain',
  'H2 2026',
  'Mexico\tCity',
  'New\nYork',
  'R&D 4.0 (Ops)',
  'Łódź',
  'Kraków',
  'Gdańsk',
  'Dvořák',
  'İstanbul',
  'Săo Tomé',
  'Ærø',
  'Straße',
  'non\u00a0breaking\u2003space',
  '',
];

describe('foldName', () => {
  it('folds case, accents and spaces: one name for São Paulo, sao paulo and SaoPaulo', () => {
    expect(foldName('São Paulo')).toBe('saopaulo');
    expect(foldName('sao paulo')).toBe('saopaulo');
    expect(foldName('SaoPaulo')).toBe('saopaulo');
    expect(foldName('Øresund')).toBe('oresund');
    expect(foldName('Strategy')).not.toBe(foldName('Strategies'));
  });

  it('cleanName trims and makes inner runs of space one space', () => {
    expect(cleanName('  Supply \t  Chain  ')).toBe('Supply Chain');
  });
});

describe('foldName and the database’s portal_fold agree', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(handle.db);
  }, 60_000);
  afterAll(() => handle?.close());

  it('on a corpus of names', async () => {
    for (const name of CORPUS) {
      const { rows } = await sql<{ f: string }>`select portal_fold(${name}) as f`.execute(handle.db);
      expect(rows[0]!.f, JSON.stringify(name)).toBe(foldName(name));
    }
  });
});
