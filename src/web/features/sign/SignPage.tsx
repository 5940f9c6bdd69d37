/**
 * The public signing page `/sign/:token` (built-in e-signature engine): what a recipient opens from the
 * personal link in their e-mail, without portal sign-in, on a phone as well. Shows the document (embedded viewer,
 * a link opening it, its SHA-256), signs with a typed name and an explicit consent, or declines with a reason;
 * then the confirmation and who has signed. Rendered bare (no portal shell); its own lazy chunk, so it imports
 * only Fluent, react-query and the small ui pieces it needs.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import {
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { PRODUCT_NAME } from '@domain/constants';
import { DeclineBody, SignBody, type SigningView } from '@domain/contract/weekly-status';
import { ModalDialog } from '@web/ui/dialog';
import { ErrorState, LoadingState } from '@web/ui/PageState';
import { formatDate } from '@web/ui/dates';
import { useIsMobile } from '@web/ui/useIsMobile';
import {
  INVALID_LINK_MESSAGE,
  SigningError,
  documentUrl,
  useSigningActions,
  useSigningView,
} from './api/signing';

/** The texts of the page (the consent and validation messages come from the contract: SignBody, DeclineBody). */
export const SIGN_TEXT = {
  nameLabel: 'Type your full name',
  consent: 'I agree to sign this document electronically and that my typed name is my signature.',
  open: 'Open the document',
  download: 'Download the signed document',
  declineTitle: 'Decline to sign',
  reasonLabel: 'Reason',
  expired: 'This signing link has expired. Ask the sender for a new one.',
  voided: 'This document was withdrawn by the sender.',
  declined: 'This document was declined, so it can no longer be signed.',
  youDeclined: 'You declined to sign this document. The sender has been told your reason.',
  thanks: (date: string) => `Thank you, your signature was recorded on ${date}.`,
} as const;

const NARROW = '@media (max-width: 480px)';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  main: {
    boxSizing: 'border-box',
    maxWidth: '760px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalXXXL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    [NARROW]: { padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalS}` },
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    minWidth: 0,
    [NARROW]: { padding: tokens.spacingHorizontalM },
  },
  title: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  heading: { margin: 0, overflowWrap: 'anywhere' },
  viewer: {
    width: '100%',
    height: '70vh',
    minHeight: '360px',
    boxSizing: 'border-box',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  fingerprint: {
    color: tokens.colorNeutralForeground3,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase100,
    lineHeight: tokens.lineHeightBase100,
    wordBreak: 'break-all',
  },
  muted: { color: tokens.colorNeutralForeground3 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    [NARROW]: { flexDirection: 'column', alignItems: 'stretch' },
  },
  signers: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  signer: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  signed: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  waiting: { color: tokens.colorNeutralForeground3 },
});

export default function SignPage() {
  const { token = '' } = useParams();
  const query = useSigningView(token);
  const s = useStyles();
  /** The recipient acted here (signed or declined): the outcome takes the focus and the wording follows. */
  const [acted, setActed] = useState<'signed' | 'declined' | null>(null);
  const actions = useSigningActions(token);
  /** A refusal because the link is no longer pending (409): kept in view once the page shows the new state. */
  const conflict = [actions.sign.error, actions.decline.error].find(
    (e): e is SigningError => e instanceof SigningError && e.status === 409,
  );

  if (query.isPending) {
    return (
      <Frame>
        <LoadingState label="Loading the document..." />
      </Frame>
    );
  }
  if (query.isError) {
    const e = query.error;
    if (!token || (e instanceof SigningError && e.isInvalidLink)) {
      return (
        <Frame>
          <section className={s.card} aria-labelledby="sign-invalid">
            <Text as="h1" id="sign-invalid" size={600} weight="semibold" className={s.heading}>
              {e instanceof SigningError ? e.message : INVALID_LINK_MESSAGE}
            </Text>
            <Text>
              Check that you opened the whole link from your e-mail, or ask the sender for a new one.
            </Text>
          </section>
        </Frame>
      );
    }
    return (
      <Frame>
        <ErrorState message={e.message} onRetry={() => void query.refetch()} />
      </Frame>
    );
  }

  const v = query.data;
  return (
    <Frame sender={v.sender}>
      <div className={s.title}>
        <Text as="h1" size={600} weight="semibold" className={s.heading}>
          {v.subject}
        </Text>
        <Text className={s.muted}>{v.documentName}</Text>
      </div>
      {conflict && v.state !== 'pending' ? <Alert>{conflict.message}</Alert> : null}
      <Outcome view={v} acted={acted} />
      {v.state === 'pending' || v.state === 'signed' || v.state === 'completed' ? (
        <DocumentCard token={token} view={v} />
      ) : null}
      {v.state === 'pending' ? (
        <SignCard
          actions={actions}
          view={v}
          onSigned={() => setActed('signed')}
          onDeclined={() => setActed('declined')}
        />
      ) : null}
      {v.state === 'signed' || v.state === 'completed' ? <Signers view={v} /> : null}
    </Frame>
  );
}

/** The bare page: the portal's name and the sender, then the content. */
function Frame({ sender, children }: { sender?: string; children: ReactNode }) {
  const s = useStyles();
  return (
    <div className={s.root}>
      <header className={s.header}>
        <Text weight="semibold" size={400}>
          {PRODUCT_NAME}
        </Text>
        {sender ? <Text>Sent by {sender}</Text> : null}
      </header>
      <main className={s.main}>{children}</main>
    </div>
  );
}

/** Every state but pending: what happened (focused when it follows the recipient's own action). */
function Outcome({ view, acted }: { view: SigningView; acted: 'signed' | 'declined' | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const focus = acted !== null && view.state !== 'pending';
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  if (view.state === 'pending') return null;

  const thanks = view.signedAt ? SIGN_TEXT.thanks(formatDate(view.signedAt, 'dd MMM yyyy')) : null;
  let intent: 'success' | 'warning' | 'info' = 'info';
  let body: ReactNode;
  switch (view.state) {
    case 'signed':
      intent = 'success';
      body = (
        <>
          {thanks ?? 'Thank you, your signature was recorded.'}{' '}
          {acted ? '' : 'You have already signed this document. '}
          The document is complete once every signer has signed.
        </>
      );
      break;
    case 'completed':
      intent = 'success';
      body = <>{thanks ? `${thanks} ` : ''}Everyone has signed this document.</>;
      break;
    case 'declined':
      intent = 'warning';
      body = acted === 'declined' ? SIGN_TEXT.youDeclined : SIGN_TEXT.declined;
      break;
    case 'expired':
      intent = 'warning';
      body = SIGN_TEXT.expired;
      break;
    case 'voided':
      intent = 'warning';
      body = SIGN_TEXT.voided;
      break;
  }
  return (
    <div ref={ref} tabIndex={-1} role="status">
      <MessageBar intent={intent} layout="multiline">
        <MessageBarBody>{body}</MessageBarBody>
      </MessageBar>
    </div>
  );
}

/** The document: embedded (not on phones, which seldom show a PDF inline), a link that opens it, its SHA-256. */
function DocumentCard({ token, view }: { token: string; view: SigningView }) {
  const s = useStyles();
  const mobile = useIsMobile();
  const url = documentUrl(token);
  const completed = view.state === 'completed';
  return (
    <section className={s.card} aria-labelledby="sign-document">
      <Text as="h2" id="sign-document" size={500} weight="semibold" className={s.heading}>
        {completed ? 'The signed document' : 'The document'}
      </Text>
      {mobile ? null : <iframe className={s.viewer} src={url} title={`Document: ${view.documentName}`} />}
      <div className={s.actions}>
        <Button
          as="a"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          appearance={mobile ? 'primary' : 'secondary'}
        >
          {SIGN_TEXT.open}
        </Button>
        {completed ? (
          <Button as="a" href={url} download={view.documentName} appearance="primary">
            {SIGN_TEXT.download}
          </Button>
        ) : null}
      </div>
      <Text className={s.fingerprint}>
        SHA-256 fingerprint of the document sent for signature: {view.documentSha256}
      </Text>
    </section>
  );
}

type SignErrors = { name?: string; consent?: string };

/** Typed name + consent → Sign; Decline opens the reason dialog. Bad input is shown and nothing is sent. */
function SignCard({
  actions: { sign, decline },
  view,
  onSigned,
  onDeclined,
}: {
  actions: ReturnType<typeof useSigningActions>;
  view: SigningView;
  onSigned: () => void;
  onDeclined: () => void;
}) {
  const s = useStyles();
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<SignErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (sign.isPending) return;
    setFailure(null);
    const parsed = SignBody.safeParse({ name, consent });
    if (!parsed.success) {
      const next: SignErrors = {};
      for (const i of parsed.error.issues) {
        const k = i.path[0];
        if ((k === 'name' || k === 'consent') && !next[k]) next[k] = i.message;
      }
      setErrors(next);
      (next.name ? nameRef : consentRef).current?.focus();
      return;
    }
    setErrors({});
    sign.mutate(parsed.data, {
      onSuccess: onSigned,
      onError: (err) => setFailure(err instanceof Error ? err.message : String(err)),
    });
  };

  return (
    <section className={s.card} aria-labelledby="sign-sign">
      <Text as="h2" id="sign-sign" size={500} weight="semibold" className={s.heading}>
        Sign this document
      </Text>
      <Text>
        Signing as <strong>{view.recipient.name}</strong> ({view.recipient.email})
      </Text>
      {view.expiresAt ? (
        <Text size={200} className={s.muted}>
          This link expires on {formatDate(view.expiresAt, 'dd MMM yyyy')}.
        </Text>
      ) : null}
      <form className={s.form} noValidate onSubmit={submit} aria-label="Sign this document">
        <Field
          label={SIGN_TEXT.nameLabel}
          required
          validationMessage={errors.name}
          validationState={errors.name ? 'error' : 'none'}
        >
          <Input
            ref={nameRef}
            value={name}
            autoComplete="name"
            onChange={(_, d) => {
              setName(d.value);
              if (errors.name) setErrors((x) => ({ ...x, name: undefined }));
            }}
          />
        </Field>
        <Field validationMessage={errors.consent} validationState={errors.consent ? 'error' : 'none'}>
          <Checkbox
            ref={consentRef}
            checked={consent}
            label={SIGN_TEXT.consent}
            onChange={(_, d) => {
              setConsent(d.checked === true);
              if (errors.consent) setErrors((x) => ({ ...x, consent: undefined }));
            }}
          />
        </Field>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className={s.actions}>
          <Button
            type="submit"
            appearance="primary"
            disabled={sign.isPending}
            icon={sign.isPending ? <Spinner size="tiny" /> : undefined}
          >
            Sign
          </Button>
          <Button type="button" disabled={sign.isPending} onClick={() => setDeclining(true)}>
            Decline
          </Button>
        </div>
      </form>
      {declining ? (
        <DeclineDialog
          onClose={() => setDeclining(false)}
          send={(reason) =>
            decline.mutateAsync({ reason }).then(() => {
              setDeclining(false);
              onDeclined();
            })
          }
        />
      ) : null}
    </section>
  );
}

/** "Decline to sign": a required reason; the server's refusal stays in the dialog. */
function DeclineDialog({ onClose, send }: { onClose: () => void; send: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <ModalDialog
      title={SIGN_TEXT.declineTitle}
      width="small"
      onClose={onClose}
      primaryLabel="Decline"
      onSubmit={() => {
        const parsed = DeclineBody.safeParse({ reason });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        return send(parsed.data.reason);
      }}
    >
      <Text>The sender will be told that you decline to sign, with your reason.</Text>
      <Field
        label={SIGN_TEXT.reasonLabel}
        required
        validationMessage={error}
        validationState={error ? 'error' : 'none'}
      >
        <Textarea
          value={reason}
          resize="vertical"
          onChange={(_, d) => {
            setReason(d.value);
            setError(undefined);
          }}
        />
      </Field>
    </ModalDialog>
  );
}

/** A server's refusal, announced. */
function Alert({ children }: { children: ReactNode }) {
  return (
    <div role="alert">
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>{children}</MessageBarBody>
      </MessageBar>
    </div>
  );
}

/** Who has signed (after signing, and once completed). */
function Signers({ view }: { view: SigningView }) {
  const s = useStyles();
  return (
    <section className={s.card} aria-labelledby="sign-signers">
      <Text as="h2" id="sign-signers" size={500} weight="semibold" className={s.heading}>
        Signers
      </Text>
      <ul className={s.signers}>
        {view.signers.map((p, i) => (
          <li key={`${i}-${p.name}`} className={s.signer}>
            <Text>{p.name}</Text>
            <Text className={p.signed ? s.signed : s.waiting}>{p.signed ? 'Signed' : 'Not signed yet'}</Text>
          </li>
        ))}
      </ul>
    </section>
  );
}
