/** Query keys of the signing page (a signer's link, by its token). */
export const signingKeys = {
  all: ['esign-sign'] as const,
  view: (token: string) => [...signingKeys.all, token] as const,
};
