export const clientKeys = {
  one: (idClient: number) => ['master', 'client', idClient] as const,
};
