/** The back office. */
export const adminMessages = {
  userDeleted: 'User deleted successfully',
  loading: 'Loading...',
  noUsers: 'No users found.',
} as const;
