/**
 * Minimal types for `docusign-esign` v10 (the package ships none): only what `docusign*.ts` use.
 * Request bodies are plain objects in DocuSign's documented REST shapes (the SDK sends them as they are).
 */
declare module 'docusign-esign' {
  interface OAuthTokenResponse {
    body: { access_token: string; token_type?: string; expires_in?: number | string };
  }

  class ApiClient {
    constructor(opts?: { basePath?: string; oAuthBasePath?: string });
    getBasePath(): string;
    setOAuthBasePath(host: string): void;
    addDefaultHeader(header: string, value: string): void;
    /** The JWT grant: signs an RS256 assertion (iss, sub, aud, scope) and posts it to https://{oAuthBasePath}/oauth/token. */
    requestJWTUserToken(
      clientId: string,
      userId: string,
      scopes: string[],
      rsaPrivateKey: string | Buffer,
      expiresIn: number,
    ): Promise<OAuthTokenResponse>;
  }

  type Str = string | undefined;

  interface SignHereTab {
    documentId?: Str;
    pageNumber?: Str;
    xPosition?: Str;
    yPosition?: Str;
    anchorString?: Str;
    recipientId?: Str;
    tabLabel?: Str;
  }

  interface SignerDefinition {
    email: string;
    name: string;
    recipientId: string;
    routingOrder?: Str;
    tabs?: { signHereTabs?: SignHereTab[] };
  }

  interface EnvelopeDefinition {
    emailSubject?: Str;
    emailBlurb?: Str;
    status?: Str;
    documents?: { documentBase64: string; documentId: string; fileExtension?: Str; name: string }[];
    recipients?: { signers?: SignerDefinition[] };
  }

  interface EnvelopeSummary {
    envelopeId?: Str;
    status?: Str;
    statusDateTime?: Str;
    uri?: Str;
  }

  interface Envelope {
    envelopeId?: Str;
    status?: Str;
    voidedReason?: Str;
    completedDateTime?: Str;
    declinedDateTime?: Str;
  }

  interface Signer {
    recipientId?: Str;
    recipientIdGuid?: Str;
    email?: Str;
    name?: Str;
    status?: Str;
    routingOrder?: Str;
    signedDateTime?: Str;
    deliveredDateTime?: Str;
    declinedDateTime?: Str;
    declinedReason?: Str;
  }

  interface Recipients {
    signers?: Signer[];
  }

  class EnvelopesApi {
    constructor(apiClient: ApiClient);
    createEnvelope(
      accountId: string,
      opts: { envelopeDefinition: EnvelopeDefinition },
    ): Promise<EnvelopeSummary>;
    update(
      accountId: string,
      envelopeId: string,
      opts: { envelope?: { status?: string; voidedReason?: string }; resendEnvelope?: string },
    ): Promise<unknown>;
    getEnvelope(accountId: string, envelopeId: string, opts?: Record<string, string>): Promise<Envelope>;
    listRecipients(accountId: string, envelopeId: string, opts?: Record<string, string>): Promise<Recipients>;
    /** Accept application/pdf: resolves with the bytes (a Buffer; '' when the body is empty). */
    getDocument(
      accountId: string,
      envelopeId: string,
      documentId: string,
      opts?: { certificate?: string },
    ): Promise<Buffer | string>;
  }

  const docusign: { ApiClient: typeof ApiClient; EnvelopesApi: typeof EnvelopesApi };
  export default docusign;
  export type {
    ApiClient,
    EnvelopesApi,
    EnvelopeDefinition,
    SignerDefinition,
    SignHereTab,
    Envelope,
    Signer,
    Recipients,
  };
}
