/** The wallet page. */
export const walletMessages = {
  notLoggedIn: 'User is not logged in or invalid. Please log in.',
  userNotFound: 'User details not found in the database.',
  retrieveFailed: 'An error occurred while retrieving user details. Please try again later.',
  noUsername: 'No username set',
  title: 'User Wallet',
} as const;
