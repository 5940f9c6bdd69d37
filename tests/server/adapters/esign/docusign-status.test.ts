import { describe, expect, it } from 'vitest';
import { envelopeStatusOf, recipientStatusOf, statusOf } from '@server/adapters/esign/docusign-status';

describe('DocuSign status mapping', () => {
  it("maps the envelope's status, any case; anything still in flight is sent", () => {
    expect(envelopeStatusOf('Completed')).toBe('completed');
    expect(envelopeStatusOf('declined')).toBe('declined');
    expect(envelopeStatusOf('voided')).toBe('voided');
    expect(envelopeStatusOf('deleted')).toBe('voided');
    for (const inFlight of ['sent', 'delivered', 'created', undefined])
      expect(envelopeStatusOf(inFlight)).toBe('sent');
  });

  it("maps a recipient's status; a void envelope voids the recipients who had not acted", () => {
    expect(recipientStatusOf('signed', 'sent')).toBe('signed');
    expect(recipientStatusOf('Completed', 'completed')).toBe('signed');
    expect(recipientStatusOf('declined', 'declined')).toBe('declined');
    expect(recipientStatusOf('delivered', 'sent')).toBe('delivered');
    expect(recipientStatusOf('sent', 'sent')).toBe('sent');
    expect(recipientStatusOf(undefined, 'sent')).toBe('sent');
    expect(recipientStatusOf('delivered', 'voided')).toBe('voided');
    expect(recipientStatusOf('sent', 'voided')).toBe('voided');
    expect(recipientStatusOf('signed', 'voided')).toBe('signed');
  });

  it('reports only the signers we sent, with the time, the decline reason and the recipientIdGuid as code', () => {
    const status = statusOf(
      'declined',
      [
        {
          recipientId: '11',
          status: 'completed',
          signedDateTime: '2024-05-02T10:00:00Z',
          recipientIdGuid: 'g-11',
        },
        {
          recipientId: '12',
          status: 'declined',
          declinedDateTime: '2024-05-03T09:30:00.000Z',
          declinedReason: 'Wrong figures',
        },
        { recipientId: '13', status: 'delivered', deliveredDateTime: '2024-05-02T08:00:00Z' },
        { recipientId: '99', status: 'completed', signedDateTime: '2024-05-02T10:00:00Z' },
      ],
      new Set([11, 12, 13]),
    );
    expect(status).toEqual({
      status: 'declined',
      recipients: [
        { id: 11, status: 'signed', at: '2024-05-02T10:00:00.000Z', code: 'g-11' },
        { id: 12, status: 'declined', at: '2024-05-03T09:30:00.000Z', declineReason: 'Wrong figures' },
        { id: 13, status: 'delivered' },
      ],
    });
  });
});
