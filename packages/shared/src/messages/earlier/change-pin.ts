/** Changing the transaction PIN. */
export const changePinMessages = {
  sent: 'A change-pin link has been sent to your email.',
  failed: 'Failed to send change-pin request. Please try again.',
  networkError: 'An error occurred. Please check your network and try again.',
} as const;
