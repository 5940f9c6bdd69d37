import { describe, expect, it } from 'vitest';
import {
  approvalRecipient,
  capitalizeName,
  CONTACT_REQUIRED,
  directorCandidates,
  missingResponsibles,
  normalizeEmail,
  normalizePhone,
  partnerCandidates,
  responsiblesRefusal,
  stakeholderStatus,
  validateContact,
  type ContactInput,
} from '@domain/rules';

/** The stakeholder status, CRM validation / normalisation, the candidates and the approval recipient. */

const valid: ContactInput = {
  createdBy: 'carla.consultant@example.com',
  firstName: 'Ana',
  lastName: 'Souza',
  classification: 'Decision Maker',
  masterEmailAddress: 'ana.souza@client.com',
  personalEmail: null,
  phone: null,
  gender: 'SHE',
  residentCountry: 'Brazil',
  language: ['Portuguese'],
  position: 'CFO',
  groupArea: 'Finance',
  groupPosition: 'C-Level',
  responsibleWrite: 'dora.director@example.com',
  responsibleSign: ['paula.partner@example.com'],
  responsibleOffice: 'São Paulo',
  industry: 'Banking',
  linkedin: 'https://linkedin.com/in/ana',
};

describe('validateContact', () => {
  it('accepts a complete contact', () => {
    expect(validateContact(valid)).toEqual([]);
  });

  it('names every missing field with the spec label, in order', () => {
    expect(validateContact({})).toEqual([
      'Responsible to Fulfill is required',
      'First Name is required',
      'Last Name is required',
      'CRM Classification is required',
      'Professional Email is required',
      'Position Name is required',
      'Standard Area/Department is required',
      'Standard Position is required',
      'Integration Focal Point is required',
      'Integration Other Contacts is required',
      'Responsible Office is required',
      'Industry is required',
      'Resident Country is required',
      'Language is required',
      'Pronoun is required',
      'LinkedIn is required',
    ]);
  });

  it.each(CONTACT_REQUIRED)('%s → "%s is required" when blank, null or an empty list', (field, label) => {
    for (const blank of ['', '   ', null, undefined, []]) {
      expect(validateContact({ ...valid, [field]: blank })).toEqual([`${label} is required`]);
    }
  });

  it('counts a list of blanks as empty (Language, Integration Other Contacts)', () => {
    expect(validateContact({ ...valid, language: ['', ' '] })).toEqual(['Language is required']);
    expect(validateContact({ ...valid, responsibleSign: [''] })).toEqual([
      'Integration Other Contacts is required',
    ]);
  });

  it('checks the professional e-mail format', () => {
    for (const bad of ['ana', 'ana@', 'ana@client', 'ana souza@client.com', '@client.com', 'a@@b.com'])
      expect(validateContact({ ...valid, masterEmailAddress: bad })).toEqual(['Invalid Professional Email']);
    expect(validateContact({ ...valid, masterEmailAddress: '' })).toEqual(['Professional Email is required']);
  });

  it('personal e-mail is optional but must be valid when present', () => {
    expect(validateContact({ ...valid, personalEmail: '' })).toEqual([]);
    expect(validateContact({ ...valid, personalEmail: 'ana@home.com' })).toEqual([]);
    expect(validateContact({ ...valid, personalEmail: 'ana-at-home' })).toEqual(['Invalid Personal Email']);
  });

  it('mobile: +, 1 to 19 digits, then exactly two more digit groups (placeholder +123 456 789)', () => {
    for (const ok of ['+123 456 789', '+1 2 3', `+${'9'.repeat(19)} 1 2`, '+55 11 999998888', null, ''])
      expect(validateContact({ ...valid, phone: ok })).toEqual([]);
    for (const bad of [
      '123 456 789',
      '+123 456',
      '+123',
      '+123 456 789 000',
      `+${'9'.repeat(20)} 1 2`,
      '+12a 456 789',
      '+123  456 789',
      '+ 123 456 789',
    ])
      expect(validateContact({ ...valid, phone: bad }), bad).toEqual(['Invalid phone format']);
  });

  it('reports several problems at once', () => {
    expect(
      validateContact({ ...valid, firstName: '', masterEmailAddress: 'x', personalEmail: 'y', phone: '1' }),
    ).toEqual([
      'First Name is required',
      'Invalid Professional Email',
      'Invalid Personal Email',
      'Invalid phone format',
    ]);
  });
});

describe('normalisation', () => {
  it('e-mails lose whitespace, repeated @ collapse, lower-cased', () => {
    expect(normalizeEmail('  Ana.Souza @@ Client.COM ')).toBe('ana.souza@client.com');
    expect(normalizeEmail('a@@@b.com')).toBe('a@b.com');
    expect(normalizeEmail('A\tB@C.com\n')).toBe('ab@c.com');
    expect(normalizeEmail('')).toBe('');
  });

  it('phone keeps digits and spaces, leading +, collapsed spaces, at most 3 groups, ≤ 20 characters', () => {
    expect(normalizePhone('123 456 789')).toBe('+123 456 789');
    expect(normalizePhone('+55 (11) 99999-8888')).toBe('+55 11 999998888');
    expect(normalizePhone('  +44   20    7946 0958 ')).toBe('+44 20 7946');
    expect(normalizePhone('1-2-3')).toBe('+123');
    expect(normalizePhone('12345678901234567890123')).toBe('+1234567890123456789');
    expect(normalizePhone('12345678901234567890123').length).toBe(20);
    expect(normalizePhone('123456789 123456789 1')).toBe('+123456789 123456789');
    expect(normalizePhone('abc')).toBe('');
    // a normalised phone that keeps three groups passes the phone format
    expect(validateContact({ ...valid, phone: normalizePhone('55 11 98765 4321') })).toEqual([]);
  });

  it('names are capitalised per word', () => {
    expect(capitalizeName('ana MARIA  de souza')).toBe('Ana Maria De Souza');
    expect(capitalizeName('  élodie ')).toBe('Élodie');
    expect(capitalizeName('')).toBe('');
  });
});

describe('responsibles', () => {
  const both = { partnerCandidates: [1], directorCandidates: [2] };
  const none = { partnerCandidates: [], directorCandidates: [] };

  it('lists every missing responsible after the spec sentence', () => {
    expect(responsiblesRefusal({}, both)).toBe(
      'Please select the following responsibles: Partner Responsible, Director Responsible (Manager/Director), Responsible to Fulfill',
    );
    expect(missingResponsibles({ partner: 'p' }, both)).toEqual([
      'Director Responsible (Manager/Director)',
      'Responsible to Fulfill',
    ]);
  });

  it("treats empty, '0' and 0 as missing", () => {
    for (const blank of ['', '0', 0, null, undefined, '  '])
      expect(missingResponsibles({ partner: blank, director: blank, fulfil: blank }, both)).toHaveLength(3);
  });

  it('asks for partner / director only when candidates exist; fulfil always', () => {
    expect(responsiblesRefusal({}, none)).toBe(
      'Please select the following responsibles: Responsible to Fulfill',
    );
    expect(responsiblesRefusal({ fulfil: 'x' }, none)).toBeNull();
    expect(responsiblesRefusal({ fulfil: 'x', partner: 'p' }, both)).toBe(
      'Please select the following responsibles: Director Responsible (Manager/Director)',
    );
    expect(responsiblesRefusal({ fulfil: 7, partner: 5, director: 6 }, both)).toBeNull();
  });
});

describe('stakeholderStatus', () => {
  it('Pending / PendingPartner / PendingDirector from the responsibles', () => {
    expect(stakeholderStatus(undefined, null, null)).toBe('Pending');
    expect(stakeholderStatus(null, '0', 0)).toBe('Pending');
    expect(stakeholderStatus(undefined, 'paula', null)).toBe('PendingPartner');
    expect(stakeholderStatus(undefined, null, 'dora')).toBe('PendingDirector');
    expect(stakeholderStatus(undefined, 'paula', 'dora')).toBe('PendingDirector');
  });

  it('keeps a status already on the row', () => {
    expect(stakeholderStatus('Pending', 'paula', 'dora')).toBe('Pending');
    expect(stakeholderStatus('PendingPartner', null, 'dora')).toBe('PendingPartner');
    expect(stakeholderStatus('PendingDirector', null, null)).toBe('PendingDirector');
    expect(stakeholderStatus('Whatever', 'paula', null)).toBe('PendingPartner');
    expect(stakeholderStatus('', null, null)).toBe('Pending');
  });
});

describe('candidates and approval recipient', () => {
  const person = (name: string, title: string | null, isActive = true) => ({
    name,
    professional: { jobTitle: title === null ? null : { name: title }, isActive },
  });
  const team = [
    person('Marcos', 'Manager'),
    person('Paula', 'Partner'),
    person('Dora', 'Director'),
    person('Sam', 'Senior Manager'),
    person('Carla', 'Consultant'),
    person('Nina', null),
    person('Pat', 'managing partner'),
    person('Rita', 'Director', false),
  ];

  it('director candidates: job title contains Director or Manager (any case), active', () => {
    expect(directorCandidates(team).map((t) => t.name)).toEqual(['Marcos', 'Dora', 'Sam']);
  });

  it('partner candidates: job title contains Partner', () => {
    expect(partnerCandidates(team).map((t) => t.name)).toEqual(['Paula', 'Pat']);
    expect(partnerCandidates([person('Carla', 'Consultant')])).toEqual([]);
    expect(directorCandidates([])).toEqual([]);
  });

  it('approval e-mail to the director, else the partner, else nobody', () => {
    expect(approvalRecipient('dora@x.com', 'paula@x.com')).toBe('dora@x.com');
    expect(approvalRecipient(null, 'paula@x.com')).toBe('paula@x.com');
    expect(approvalRecipient('0', 'paula@x.com')).toBe('paula@x.com');
    expect(approvalRecipient('', '')).toBeNull();
    expect(approvalRecipient(0, 0)).toBeNull();
  });
});
