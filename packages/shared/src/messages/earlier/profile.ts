/** The profile page. */
export const profileMessages = {
  notFound: 'User details not found.',
  fetchFailed: 'Failed to fetch user details.',
  notLoggedIn: 'User not logged in.',
} as const;
