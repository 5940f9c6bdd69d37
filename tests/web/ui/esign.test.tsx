import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WEEKLY_STATUS_PATHS, LEGAL_DOCUMENT_PATHS } from '@domain/rules';
import {
  FileStep,
  PathChoice,
  RecipientsStep,
  SendConfirmation,
  SignedStatusDot,
  TutorialPanel,
  WizardFooter,
  embeddableUrl,
  tutorials,
  useWizardStep,
  type Tutorial,
} from '@web/ui/esign';
import { renderWithProviders } from '../render';

const withVideo: Tutorial = { ...tutorials.wsTemplate, url: 'https://www.youtube.com/embed/abc' };
const wsPaths = WEEKLY_STATUS_PATHS.map((p, i) => ({
  ...p,
  tutorial: [withVideo, tutorials.wsOwnDocument, tutorials.wsSignedDocument][i]!,
}));

describe('SignedStatusDot', () => {
  it.each([
    ['draft', 'grey', 'Draft'],
    [null, 'grey', 'Draft'],
    ['reproved', 'grey', 'Draft'],
    ['sent', 'blue', 'Sent to sign'],
    ['completed', 'green', 'Completed'],
    ['declined', 'red', 'Declined (contact Legal for more details)'],
    ['deleted', 'red', 'Deleted (contact Legal for more details)'],
  ])('%s → %s %s', (status, colour, label) => {
    renderWithProviders(<SignedStatusDot status={status} />);
    const dot = screen.getByRole('img', { name: label });
    expect(dot).toHaveAttribute('data-colour', colour);
  });
  it('shows the label as text on request', () => {
    renderWithProviders(<SignedStatusDot status="sent" showLabel />);
    expect(screen.getByText('Sent to sign')).toBeInTheDocument();
  });
});

describe('tutorials', () => {
  it('embeds only http(s) URLs', () => {
    expect(embeddableUrl(undefined)).toBeNull();
    expect(embeddableUrl('  ')).toBeNull();
    expect(embeddableUrl('javascript:alert(1)')).toBeNull();
    expect(embeddableUrl('https://player.vimeo.com/video/1')).toBe('https://player.vimeo.com/video/1');
  });
  it('has 3–6 written steps for each tutorial', () => {
    for (const t of Object.values(tutorials)) {
      expect(t.steps.length).toBeGreaterThanOrEqual(3);
      expect(t.steps.length).toBeLessThanOrEqual(6);
    }
  });
  it('shows the player with a title and the steps, and closes', async () => {
    const onClose = vi.fn();
    renderWithProviders(<TutorialPanel tutorial={withVideo} onClose={onClose} />);
    const frame = screen.getByTitle('Tutorial video: Upload and eSign using a template');
    expect(frame).toHaveAttribute('src', 'https://www.youtube.com/embed/abc');
    expect(frame).toHaveAttribute('allowfullscreen');
    expect(
      within(screen.getByRole('list', { name: 'Tutorial steps' })).getAllByRole('listitem'),
    ).toHaveLength(withVideo.steps.length);
    await userEvent.click(screen.getByRole('button', { name: 'Close tutorial' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
  it('shows the steps only without a URL (no iframe)', () => {
    const { container } = renderWithProviders(
      <TutorialPanel tutorial={{ ...tutorials.legalEsign, url: null }} onClose={() => {}} />,
    );
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByText(/Choose "Upload and eSign" to send/)).toBeInTheDocument();
  });
});

describe('PathChoice', () => {
  it('offers one button per path with PLAY TUTORIAL, and chooses', async () => {
    const onChoose = vi.fn();
    renderWithProviders(<PathChoice paths={wsPaths} value={null} onChoose={onChoose} />);
    for (const p of WEEKLY_STATUS_PATHS)
      expect(screen.getByRole('button', { name: p.label })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^PLAY TUTORIAL/ })).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Upload your signed document' }));
    expect(onChoose).toHaveBeenCalledWith(3);
    await userEvent.click(
      screen.getByRole('button', { name: 'PLAY TUTORIAL: Upload and eSign using a template' }),
    );
    expect(screen.getByTitle('Tutorial video: Upload and eSign using a template')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close tutorial' }));
    expect(screen.queryByTitle(/Tutorial video/)).toBeNull();
  });
  it('marks the chosen path and is disabled when read-only; tutorials still play', async () => {
    const paths = LEGAL_DOCUMENT_PATHS.map((p) => ({ ...p, tutorial: tutorials.legalSigned }));
    renderWithProviders(<PathChoice paths={paths} value={2} disabled onChoose={() => {}} />);
    expect(screen.getByRole('button', { name: 'Upload and eSign' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Upload and eSign' })).toBeDisabled();
    await userEvent.click(screen.getAllByRole('button', { name: /^PLAY TUTORIAL/ })[1]!);
    expect(screen.getByRole('region', { name: 'Tutorial: Upload your signed document' })).toBeInTheDocument();
  });
  it('offers extra tutorials (file creation)', async () => {
    renderWithProviders(
      <PathChoice
        paths={wsPaths}
        value={null}
        onChoose={() => {}}
        extraTutorials={[{ label: 'File creation tutorial', tutorial: tutorials.fileCreation }]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'File creation tutorial' }));
    expect(screen.getByRole('region', { name: 'Tutorial: File creation tutorial' })).toBeInTheDocument();
  });
});

const RECIPIENTS = [
  { id: 1, name: 'Ana Client', email: 'ana@client.com', signedCode: 'abc', isSigned: true, version: 1 },
  { id: 2, name: 'Bruno Client', email: 'bruno@client.com', signedCode: null, isSigned: false, version: 1 },
];

describe('RecipientsStep', () => {
  it('adds with validation messages from the contract', async () => {
    const onAdd = vi.fn().mockResolvedValue({});
    renderWithProviders(
      <RecipientsStep
        recipients={RECIPIENTS}
        editable
        canAddOrDelete
        onAdd={onAdd}
        onUpdate={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    const form = screen.getByRole('form', { name: 'Add recipient' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Recipient name is required')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/Name/), 'Carla');
    await userEvent.type(within(form).getByLabelText(/E-mail/), 'not-an-email');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(onAdd).not.toHaveBeenCalled();
    await userEvent.clear(within(form).getByLabelText(/E-mail/));
    await userEvent.type(within(form).getByLabelText(/E-mail/), 'carla@client.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith({ name: 'Carla', email: 'carla@client.com' }));
    // isSigned is hidden while editable
    expect(screen.queryByRole('columnheader', { name: 'Signed' })).toBeNull();
    expect(screen.getByTestId('recipients-scroll')).toBeInTheDocument();
  });
  it('edits inline and deletes', async () => {
    const onUpdate = vi.fn().mockResolvedValue({});
    const onDelete = vi.fn().mockResolvedValue({});
    renderWithProviders(
      <RecipientsStep
        recipients={RECIPIENTS}
        editable
        canAddOrDelete
        onAdd={vi.fn()}
        onUpdate={onUpdate}
        onDelete={onDelete}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit Ana Client' }));
    const form = screen.getByRole('form', { name: 'Edit recipient' });
    const name = within(form).getByLabelText(/Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Ana Maria');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onUpdate).toHaveBeenCalledWith(1, { name: 'Ana Maria', email: 'ana@client.com' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete Bruno Client' }));
    expect(onDelete).toHaveBeenCalledWith(2);
  });
  it('shows a failed delete', async () => {
    renderWithProviders(
      <RecipientsStep
        recipients={RECIPIENTS}
        editable
        canAddOrDelete
        onAdd={vi.fn()}
        onUpdate={vi.fn()}
        onDelete={vi.fn().mockRejectedValue(new Error('Recipients cannot be added or removed'))}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete Bruno Client' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Recipients cannot be added or removed');
  });
  it('is read-only when not editable: no form, no buttons, isSigned shown', () => {
    renderWithProviders(
      <RecipientsStep
        recipients={RECIPIENTS}
        editable={false}
        canAddOrDelete={false}
        onAdd={vi.fn()}
        onUpdate={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Signed' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Ana Client/ })).toHaveTextContent('abcYes');
  });
  it('edits but does not add or delete when canAddOrDelete is false', () => {
    renderWithProviders(
      <RecipientsStep
        recipients={RECIPIENTS}
        editable
        canAddOrDelete={false}
        onAdd={vi.fn()}
        onUpdate={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    expect(screen.queryByRole('form', { name: 'Add recipient' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Ana Client' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});

describe('FileStep', () => {
  function Harness({ showRequired = false }: { showRequired?: boolean }) {
    const [file, setFile] = useState<File | null>(null);
    return (
      <>
        <FileStep file={file} onFile={setFile} label="Upload your file" showRequired={showRequired} />
        <span data-testid="chosen">{file?.name ?? 'none'}</span>
      </>
    );
  }
  it('accepts a PDF and refuses other files', async () => {
    renderWithProviders(<Harness />);
    expect(screen.getByText('Only PDF files is allowed')).toBeInTheDocument();
    const input = screen.getByLabelText('Upload your file');
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(screen.getAllByText('Only PDF files is allowed')).toHaveLength(1); // the message replaces the hint
    expect(screen.getByTestId('chosen')).toHaveTextContent('none');
    await userEvent.upload(input, new File(['%PDF'], 'status.pdf', { type: 'application/pdf' }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('status.pdf');
  });
  it('says a file is required on request', () => {
    renderWithProviders(<Harness showRequired />);
    expect(screen.getByText('Please, select a file')).toBeInTheDocument();
  });
});

describe('SendConfirmation', () => {
  it('shows the spec text and Cancel / Confirm', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(<SendConfirmation onConfirm={onConfirm} onCancel={onCancel} />);
    expect(
      screen.getByText(
        'If you confirm this action, an e-mail message will be send to all recipients and you cannot update the data anymore.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });
  it('is disabled while busy', () => {
    renderWithProviders(<SendConfirmation busy onConfirm={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });
});

describe('WizardFooter', () => {
  const names = () => screen.queryAllByRole('button').map((b) => b.textContent);
  const props = { onPrevious: vi.fn(), onNext: vi.fn(), onSend: vi.fn(), onUploadSigned: vi.fn() };
  it.each([
    [1, 2, true, ['Previous', 'Next']],
    [1, 3, true, ['Previous', 'Send to sign']],
    [2, 3, true, ['Previous', 'Next']],
    [2, 4, true, ['Previous', 'Send to sign']],
    [3, 4, true, ['Previous', 'Upload signed file']],
    [3, 4, false, ['Previous']],
    [2, 4, false, ['Previous']],
    [null, 1, true, []],
    [1, 1, true, ['Next']],
  ] as const)('type %s step %s editable %s → %j', (type, step, editable, expected) => {
    renderWithProviders(<WizardFooter step={step} signedType={type} editable={editable} {...props} />);
    expect(names()).toEqual(expected);
  });
  it('moves per the wizard rules and renders extra buttons', async () => {
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    renderWithProviders(
      <WizardFooter
        step={3}
        signedType={2}
        editable
        onPrevious={onPrevious}
        onNext={onNext}
        extra={<button type="button">Download not signed file</button>}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPrevious).toHaveBeenCalledWith(2);
    expect(onNext).toHaveBeenCalledWith(4);
    expect(screen.getByRole('button', { name: 'Download not signed file' })).toBeInTheDocument();
  });
  it('type 3 on the file step goes back to the choice', async () => {
    const onPrevious = vi.fn();
    renderWithProviders(
      <WizardFooter step={4} signedType={3} editable onPrevious={onPrevious} onNext={vi.fn()} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPrevious).toHaveBeenCalledWith(1);
  });
});

describe('useWizardStep', () => {
  it('starts from the type and follows type changes', () => {
    const { result, rerender } = renderHook(({ t }: { t: number | null }) => useWizardStep(t), {
      initialProps: { t: null as number | null },
    });
    expect(result.current.step).toBe(1);
    rerender({ t: 1 });
    expect(result.current.step).toBe(2);
    act(() => result.current.setStep(3));
    expect(result.current.step).toBe(3);
    rerender({ t: 1 });
    expect(result.current.step).toBe(3);
    rerender({ t: 3 });
    expect(result.current.step).toBe(4);
    rerender({ t: 2 });
    expect(result.current.step).toBe(3);
  });
});
