export const notificationKeys = {
  all: ['me', 'notifications'] as const,
};
