/** Query keys of the ID One Accredited Centre (002 §2.9). */
export const idOneCentreKeys = {
  all: ['admin', 'id-one-centre'] as const,
};
